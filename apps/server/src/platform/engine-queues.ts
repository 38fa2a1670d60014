import { addProbe } from './metrics.ts';

interface Queued {
  readonly queued: number;
}

/** A product's engines as the probe reads them (spot's and positions' `engines`). */
interface Product {
  readonly intake: Queued;
  all(): Iterable<Queued>;
}

/**
 * The engines' queue depths for `/metrics`, read at each scrape: per product, the orders waiting
 * for the intake's next batch and those stored but not matched yet (their engines' queues). A
 * depth that grows is an engine falling behind. Returns the probe's removal, for the app's close.
 */
export function engineQueues(spot: Product, positions: Product): () => void {
  const sum = (engines: Iterable<Queued>) => [...engines].reduce((n, e) => n + e.queued, 0);
  return addProbe('otc_engine_queue_depth', () => ({
    'spot-intake': spot.intake.queued,
    'spot-engines': sum(spot.all()),
    'positions-intake': positions.intake.queued,
    'positions-engines': sum(positions.all()),
  }));
}

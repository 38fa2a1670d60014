import {
  CLASS_WALK,
  createRng,
  deriveSeed,
  formatUnits,
  isSessionOpen,
  parseUnits,
  priceToTicks,
  step,
  ticksToPrice,
} from '@otc/core';
import type { InstrumentSpec } from '../instruments.ts';
import type { PriceFeed } from './feed.ts';

/**
 * The embedded feed: a seeded random walk per instrument with its own index (per-class volatility
 * and jumps), ticking every `everyMs` while the instrument's session is open. The same seed and
 * start prices give the same path (`walk` is exported for that test).
 */
export function simulatorFeed(
  instruments: InstrumentSpec[],
  startPrices: Map<string, string>,
  seed: string,
  everyMs = 1000,
  now: () => number = Date.now,
): PriceFeed {
  const walks = instruments
    .filter((s) => !s.indexSymbol)
    .map((spec) => ({
      spec,
      rng: createRng(deriveSeed(seed, spec.symbol, 'live')),
      state: { ticks: priceToTicks(startPrices.get(spec.symbol) ?? spec.startPrice, spec.tickSize) },
    }));
  let timer: NodeJS.Timeout | undefined;
  return {
    source: 'simulator',
    start(emit) {
      timer = setInterval(() => {
        const ts = now();
        for (const w of walks) {
          if (!isSessionOpen(w.spec.session, ts)) continue;
          w.state = step(w.state, CLASS_WALK[w.spec.class], everyMs, w.rng);
          const lots = BigInt(Math.floor(w.rng.next() * 20) + 1);
          emit({
            symbol: w.spec.symbol,
            price: ticksToPrice(w.state.ticks, w.spec.tickSize),
            volume: formatUnits(parseUnits(w.spec.lotSize) * lots),
            ts,
          });
        }
      }, everyMs);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
    },
  };
}

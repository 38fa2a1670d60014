import type { Units } from '../money/decimal.ts';
import { BUCKET_LOAD, SortedBuckets } from './sorted-buckets.ts';

/**
 * Which way a trigger fires: 'above' when the mark rises to or through its price (a long's TP, a
 * short's SL and liquidation), 'below' when it falls to or through it (a long's SL and liquidation,
 * a short's TP).
 */
export type TriggerDirection = 'above' | 'below';

/** Whether a trigger at `price` has fired at `mark` (for a trigger set while the mark is already past). */
export const isTriggered = (price: Units, fires: TriggerDirection, mark: Units): boolean =>
  fires === 'above' ? mark >= price : mark <= price;

/**
 * One instrument's triggers (TP, SL, liquidation price), keyed by price and direction, so a mark
 * tick touches only the triggers it crosses: O(log n + k) per tick, k the ids returned, instead of
 * a scan of every position. An id is one trigger (e.g. `${positionId}:sl`); moving it is add again
 * (add replaces), removing it is remove.
 */
export class TriggerIndex<Id extends string | number = string> {
  private readonly above: SortedBuckets<Id>;
  private readonly below: SortedBuckets<Id>;
  private readonly byId = new Map<Id, { price: Units; fires: TriggerDirection }>();

  /** `bucketLoad`: the sorted buckets' size (the default suits 10^5..10^6 triggers). */
  constructor(bucketLoad = BUCKET_LOAD) {
    this.above = new SortedBuckets<Id>(bucketLoad);
    this.below = new SortedBuckets<Id>(bucketLoad);
  }

  get size(): number {
    return this.byId.size;
  }

  get(id: Id): { price: Units; fires: TriggerDirection } | undefined {
    return this.byId.get(id);
  }

  add(id: Id, price: Units, fires: TriggerDirection): void {
    this.remove(id);
    this.byId.set(id, { price, fires });
    (fires === 'above' ? this.above : this.below).insert(price, id);
  }

  remove(id: Id): boolean {
    const t = this.byId.get(id);
    if (!t) return false;
    this.byId.delete(id);
    return (t.fires === 'above' ? this.above : this.below).remove(t.price, id);
  }

  /**
   * The triggers a move of the mark from `prev` to `next` crosses, in the order the mark meets
   * them: rising, the 'above' ones with prev < price <= next (ascending); falling, the 'below' ones
   * with next <= price < prev (descending). They stay in the index until removed.
   */
  crossed(prev: Units, next: Units): Id[] {
    const out: Id[] = [];
    if (next > prev) this.above.range(prev, next, true, false, out);
    else if (next < prev) this.below.range(next, prev, false, true, out);
    return out;
  }
}

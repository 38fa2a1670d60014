/**
 * A sorted multiset of (price, id) pairs kept as a list of small sorted buckets (the "sorted list"
 * layout): insert and remove are a binary search plus a splice inside one bucket of at most
 * 2 x BUCKET_LOAD entries, and a range of k entries is read in O(log n + k). No rebuilds, so a mark tick
 * never pays for the adds and removes before it.
 */
/** Half the most entries a bucket holds before it splits (tests use a tiny one to split often). */
export const BUCKET_LOAD = 512;

interface Bucket<Id> {
  prices: bigint[];
  ids: Id[];
}

/** First index in sorted `a` whose value is >= x (or > x when `strict`). */
function bound(a: readonly bigint[], x: bigint, strict: boolean): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const v = a[mid] as bigint;
    if (v < x || (strict && v === x)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export class SortedBuckets<Id> {
  private buckets: Bucket<Id>[] = [];
  /** The last (highest) price of each bucket, for the binary search over buckets. */
  private maxes: bigint[] = [];
  private count = 0;

  constructor(private readonly load = BUCKET_LOAD) {}

  get size(): number {
    return this.count;
  }

  insert(price: bigint, id: Id): void {
    this.count++;
    if (this.buckets.length === 0) {
      this.buckets.push({ prices: [price], ids: [id] });
      this.maxes.push(price);
      return;
    }
    let b = bound(this.maxes, price, false);
    if (b === this.buckets.length) b--;
    const bucket = this.buckets[b] as Bucket<Id>;
    const i = bound(bucket.prices, price, true);
    bucket.prices.splice(i, 0, price);
    bucket.ids.splice(i, 0, id);
    this.maxes[b] = bucket.prices[bucket.prices.length - 1] as bigint;
    if (bucket.prices.length > 2 * this.load) {
      const upper: Bucket<Id> = {
        prices: bucket.prices.splice(this.load),
        ids: bucket.ids.splice(this.load),
      };
      this.buckets.splice(b + 1, 0, upper);
      this.maxes.splice(
        b,
        1,
        bucket.prices[this.load - 1] as bigint,
        upper.prices[upper.prices.length - 1] as bigint,
      );
    }
  }

  /** Removes the pair; false when it is not there. */
  remove(price: bigint, id: Id): boolean {
    for (let b = bound(this.maxes, price, false); b < this.buckets.length; b++) {
      const bucket = this.buckets[b] as Bucket<Id>;
      for (let i = bound(bucket.prices, price, false); i < bucket.prices.length; i++) {
        if (bucket.prices[i] !== price) return false;
        if (bucket.ids[i] !== id) continue;
        bucket.prices.splice(i, 1);
        bucket.ids.splice(i, 1);
        this.count--;
        if (bucket.prices.length === 0) {
          this.buckets.splice(b, 1);
          this.maxes.splice(b, 1);
        } else {
          this.maxes[b] = bucket.prices[bucket.prices.length - 1] as bigint;
        }
        return true;
      }
    }
    return false;
  }

  /** The ids with lo < price <= hi (`loOpen`) or lo <= price < hi, ascending or descending by price. */
  range(lo: bigint, hi: bigint, loOpen: boolean, descending: boolean, out: Id[]): void {
    if (hi < lo) return;
    const hiOpen = !loOpen;
    if (!descending) {
      for (let b = bound(this.maxes, lo, loOpen); b < this.buckets.length; b++) {
        const { prices, ids } = this.buckets[b] as Bucket<Id>;
        for (let i = bound(prices, lo, loOpen); i < prices.length; i++) {
          const p = prices[i] as bigint;
          if (p > hi || (hiOpen && p === hi)) return;
          out.push(ids[i] as Id);
        }
      }
      return;
    }
    // From the highest price inside the range down: the bucket holding the first price past hi.
    for (let b = Math.min(bound(this.maxes, hi, !hiOpen), this.buckets.length - 1); b >= 0; b--) {
      const { prices, ids } = this.buckets[b] as Bucket<Id>;
      for (let i = bound(prices, hi, !hiOpen) - 1; i >= 0; i--) {
        const p = prices[i] as bigint;
        if (p < lo || (loOpen && p === lo)) return;
        out.push(ids[i] as Id);
      }
    }
  }

  /** Every id, ascending by price (for tests and snapshots). */
  *entries(): IterableIterator<[bigint, Id]> {
    for (const { prices, ids } of this.buckets) {
      for (let i = 0; i < prices.length; i++) yield [prices[i] as bigint, ids[i] as Id];
    }
  }
}

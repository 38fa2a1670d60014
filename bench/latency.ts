/** Delivery latencies in whole milliseconds (the resolution of `Date.now()`), kept as counts per ms. */
export class LatencyHistogram {
  private readonly counts: Uint32Array;
  total = 0;
  max = 0;

  constructor(private readonly capMs = 120_000) {
    this.counts = new Uint32Array(capMs + 1);
  }

  record(ms: number, count = 1): void {
    const v = Math.max(0, Math.min(ms, this.capMs));
    this.counts[v] = (this.counts[v] ?? 0) + count;
    this.total += count;
    if (v > this.max) this.max = v;
  }

  /** The non-empty buckets as [ms, count], small enough to pass between processes. */
  entries(): [number, number][] {
    const out: [number, number][] = [];
    for (let ms = 0; ms <= this.max; ms++) {
      const n = this.counts[ms] ?? 0;
      if (n > 0) out.push([ms, n]);
    }
    return out;
  }

  /** The smallest latency that `q` of the samples do not exceed. */
  percentile(q: number): number {
    if (this.total === 0) return Number.NaN;
    const rank = Math.ceil(q * this.total);
    let seen = 0;
    for (let ms = 0; ms <= this.max; ms++) {
      seen += this.counts[ms] ?? 0;
      if (seen >= rank) return ms;
    }
    return this.max;
  }
}

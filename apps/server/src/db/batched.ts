/**
 * Coalesces lookups made in the same turn of the event loop into one query: under load, the
 * requests that arrive together (say, 50 order placements) cost one round trip, not 50. Each
 * caller still gets its own answer; a failed query fails the callers of that round only.
 */
export function batched<K, V>(load: (keys: K[]) => Promise<Map<K, V>>): (key: K) => Promise<V | undefined> {
  let pending: { key: K; resolve: (v: V | undefined) => void; reject: (e: unknown) => void }[] = [];
  const flush = () => {
    const round = pending;
    pending = [];
    load([...new Set(round.map((p) => p.key))]).then(
      (found) => {
        for (const p of round) p.resolve(found.get(p.key));
      },
      (err: unknown) => {
        for (const p of round) p.reject(err);
      },
    );
  };
  return (key) =>
    new Promise((resolve, reject) => {
      if (pending.length === 0) setImmediate(flush);
      pending.push({ key, resolve, reject });
    });
}

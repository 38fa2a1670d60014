import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startServer, type TestServer } from '../support/harness.ts';

/**
 * Flushes called at once (the feed's cadence and anyone else's) run one after the other: each chains
 * its ticks from the heads the one before left, so none is refused by the chain's unique (symbol,
 * seq) index and no tick is lost.
 */
describe.each(DATABASES)('market flushes called at once on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(() => s.close());

  it('store every tick, in one unbroken chain', async () => {
    const SYMBOL = 'SOL/USDT';
    const flushes: Promise<void>[] = [];
    for (let i = 0; i < 5; i++) {
      s.market.onTick(SYMBOL, String(150 + i), '1', Date.now(), 'test');
      flushes.push(s.market.flush());
    }
    await Promise.all(flushes);
    const rows = await s.db.query<{ seq: string; price: string }>(
      `SELECT seq::text, trim_scale(price)::text AS price FROM index_ticks
       WHERE symbol = $1 AND seq IS NOT NULL ORDER BY seq`,
      [SYMBOL],
    );
    expect(rows.map((r) => r.price).slice(-5)).toEqual(['150', '151', '152', '153', '154']);
    const seqs = rows.map((r) => BigInt(r.seq));
    expect(seqs).toEqual(seqs.map((_, i) => (seqs[0] ?? 0n) + BigInt(i)));
  });
});

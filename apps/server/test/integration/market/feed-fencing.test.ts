import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Fence, FencedError } from '../../../src/db/ownership.ts';
import { DATABASES, startServer, type TestServer } from '../support/harness.ts';

/**
 * The market feed, fenced (decision 0148's "not done", now done): the process owning the feed took
 * the `market-feed` role's generation with the role's lock, and each flush of its ticks, candles and
 * index prices checks it. Once a standby took the role (its `Fence.take`), the stale owner's next
 * flush writes nothing and takes the lost-lock path once: two feeds' ticks never interleave in an
 * instrument's tick chain, which seconds contracts settle on and users verify.
 */
describe.each(DATABASES)('fencing the market feed on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(() => s.close());

  const SYMBOL = 'ETH/USDT';
  const stored = async () =>
    s.db.query<{ seq: string; price: string; source: string }>(
      `SELECT seq::text, trim_scale(price)::text AS price, source FROM index_ticks
       WHERE symbol = $1 AND seq IS NOT NULL ORDER BY seq`,
      [SYMBOL],
    );

  it("refuses a stale owner's flush once a newer owner took the feed, and the chain goes on from the newer one's ticks", async () => {
    const owner = new Fence('market-feed');
    await owner.take(s.db);
    let lost = 0;
    owner.onFenced = () => {
      lost += 1;
    };
    s.market.feedStarted(owner);
    s.market.onTick(SYMBOL, '3000', '1', Date.now(), 'test');
    await s.market.flush();
    const before = await stored();
    expect(before.at(-1)).toMatchObject({ price: '3000', source: 'test' });

    // A standby takes the role; the old owner has not heard yet and ticks on.
    const standby = new Fence('market-feed');
    await standby.take(s.db);
    s.market.onTick(SYMBOL, '3001', '1', Date.now(), 'stale');
    await expect(s.market.flush()).rejects.toBeInstanceOf(FencedError);
    expect(await stored()).toEqual(before);
    expect(lost).toBe(1);
    expect(owner.held).toBeUndefined();
    // Whatever it flushes next is refused too, with no second lost-lock call.
    s.market.onTick(SYMBOL, '3002', '1', Date.now(), 'stale');
    await expect(s.market.flush()).rejects.toBeInstanceOf(FencedError);
    expect(await stored()).toEqual(before);
    expect(lost).toBe(1);

    // The newer owner's ticks continue the chain from the last stored link: one chain, no fork.
    s.market.feedStarted(standby);
    s.market.onTick(SYMBOL, '3003', '1', Date.now(), 'test');
    await s.market.flush();
    const after = await stored();
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.slice(before.length).map((t) => t.price)).toEqual(['3003']);
    expect(after.map((t) => BigInt(t.seq))).toEqual(
      after.map((_, i) => BigInt(before[0]?.seq ?? 0) + BigInt(i)),
    );
  });
});

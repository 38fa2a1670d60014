import { parseUnits } from '@otc/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../../src/areas.ts';
import { accrueAll } from '../../../src/earn/index.ts';
import { deposit, PASSWORD, registerUser } from '../support/accounts.ts';
import { DATABASES, manualClock, startServer, type TestServer } from '../support/harness.ts';
import { at, funding, sevenDayProduct, subscribe, treasuryShards } from './earn-fixtures.ts';

/**
 * Decision 0149: the accrual runs its batches at once, each paying from its own treasury shard, so
 * they do not queue on the treasury's row. On PostgreSQL the batches run on their own connections;
 * on PGlite (one connection) they take turns, and must come to the same.
 */
describe.each(DATABASES)('earn accrual in concurrent batches on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, { clock: 'manual' });
    manualClock(s).set(Date.parse('2028-01-01T00:00:00Z'));
  });
  afterAll(() => s.close());

  /** Each shard's change since `before`, as exact units; a shard not there before counts from 0. */
  const moved = (before: Map<string, string>, after: Map<string, string>) =>
    new Map([...after].map(([owner, v]) => [owner, parseUnits(v) - parseUnits(before.get(owner) ?? '0')]));

  it('pays each subscription once from two accruals of two batches at once; the shards sum to what was paid', async () => {
    const product = await sevenDayProduct(s);
    await at(s, '2028-01-10T10:00:00Z');
    // Eight subscriptions of 1,000 (5 a day): six users, and one user with the first and the last,
    // so two batches at once both lock that user's account (in id order, as every writer).
    const twice = await registerUser(s);
    await deposit(s, twice.user.id, 'USDT', '10000');
    const others = [];
    for (let i = 0; i < 6; i += 1) {
      const u = await registerUser(s);
      await deposit(s, u.user.id, 'USDT', '10000');
      others.push(u);
    }
    const ids: string[] = [];
    for (const u of [twice, ...others, twice]) {
      const sub = await subscribe(s, u.token, {
        productId: product,
        amount: '1000',
        tradePassword: PASSWORD,
      });
      expect(sub.body.code, JSON.stringify(sub.body)).toBe(200);
      ids.push(sub.body.data.id);
    }
    const before = await treasuryShards(s);

    // 01-13 00:00: two days over (01-11, 01-12), 10 each, nobody ran the job. Two accruals at once,
    // each running batches of two subscriptions, two at a time.
    const now = Date.parse('2028-01-13T00:00:01Z');
    manualClock(s).set(now);
    const [a, b] = await Promise.all([accrueAll(s.db, now, 2, 2), accrueAll(s.db, now, 2, 2)]);
    expect(a.paid + b.paid).toBe(8);
    // Run again: nothing more.
    expect((await accrueAll(s.db, now, 2, 2)).paid).toBe(0);

    // Each subscription paid through 01-12, 10 in all (no more: paid once).
    const rows = await s.db.query<{ paid_through: string; paid_total: string }>(
      `SELECT paid_through::text AS paid_through, paid_total::text AS paid_total FROM earn_subscriptions
       WHERE id = ANY($1::bigint[]) ORDER BY id`,
      [ids],
    );
    expect(rows.map((r) => [r.paid_through, parseUnits(r.paid_total)])).toEqual(
      ids.map(() => ['2028-01-12', parseUnits('10')]),
    );
    for (const u of others)
      expect(await funding(s, u.user.id)).toEqual({ available: '9010', frozen: '1000' });
    expect(await funding(s, twice.user.id)).toEqual({ available: '8020', frozen: '2000' });

    // The treasury itself untouched; its shards paid the 80 between them, nothing else moved.
    const day1 = await treasuryShards(s);
    const first = moved(before, day1);
    expect(first.get('main') ?? 0n).toBe(0n);
    expect([...first.values()].reduce((x, y) => x + y, 0n)).toBe(-parseUnits('80'));
    expect([...first].filter(([, v]) => v !== 0n).every(([owner]) => owner.startsWith('main-'))).toBe(true);

    // The next day by one accrual of two batches at once: both shards pay, 40 between them.
    const next = Date.parse('2028-01-14T00:00:01Z');
    manualClock(s).set(next);
    expect(await accrueAll(s.db, next, 2, 2)).toMatchObject({ paid: 8, batches: 4 });
    const second = moved(day1, await treasuryShards(s));
    expect(second.get('main') ?? 0n).toBe(0n);
    expect(second.get('main-1')).toBeLessThan(0n);
    expect(second.get('main-2')).toBeLessThan(0n);
    expect((second.get('main-1') ?? 0n) + (second.get('main-2') ?? 0n)).toBe(-parseUnits('40'));

    // Balances against entries, frozen principal against the running subscriptions, each account's
    // yield against its subscriptions' paid totals: all hold.
    expect(await checkLedger(s.db)).toEqual([]);
    // And the check would see a subscription claiming a yield the ledger did not pay.
    const tampered = ids[3] as string;
    await s.db.query('UPDATE earn_subscriptions SET paid_total = paid_total + 1 WHERE id = $1', [tampered]);
    const problems = await checkLedger(s.db);
    await s.db.query('UPDATE earn_subscriptions SET paid_total = paid_total - 1 WHERE id = $1', [tampered]);
    expect(problems).toEqual([
      expect.stringContaining(`earn subscription ${tampered}: its paid total`),
      expect.stringContaining('the ledger posted 15'),
    ]);
    expect(await checkLedger(s.db)).toEqual([]);
  });
});

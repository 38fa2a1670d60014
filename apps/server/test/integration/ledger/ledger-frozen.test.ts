import { randomUUID } from 'node:crypto';
import { freeze, parseUnits, userAccount } from '@otc/core';
import type { SecondsOrder } from '@otc/protocol/seconds/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../../src/areas.ts';
import type { Queryable } from '../../../src/db/db.ts';
import { post } from '../../../src/postings/index.ts';
import { contract, perpOrder, tick, trader } from '../positions/helpers.ts';
import { DATABASES, startServer, type TestServer } from '../support/harness.ts';

/**
 * The frozen-holders check (issue 23): every frozen amount in a user's account is owned by named
 * holders of any area, and the check sums them all. A seconds stake and a position's margin share
 * the contract account; the positions check used to claim the whole account and raised a false alarm.
 */
describe.each(DATABASES)('frozen amounts and their holders on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(() => s.close());

  /** Runs the check inside a transaction that `scene` dirties, then rolls it back. */
  const checkAfter = (scene: (tx: Queryable) => Promise<unknown>) =>
    s.db
      .tx(async (tx) => {
        await scene(tx);
        const problems = await checkLedger(tx);
        throw Object.assign(new Error('rolled back'), { problems });
      })
      .catch((err: { problems?: string[] }) => err.problems);

  it('sums a seconds stake and a position margin on one contract account; flags what no holder names', async () => {
    tick(s, '60000');
    const u = await trader(s);
    const opened = await perpOrder(s, u.token, { lots: '0.01' });
    expect(opened.body.code, JSON.stringify(opened.body)).toBe(200);
    const stake = await s.api<SecondsOrder>(
      '/api/seconds/order',
      { symbol: 'BTC/USDT', direction: 'up', period: 30, stake: '10', idempotencyKey: randomUUID() },
      { token: u.token },
    );
    expect(stake.body.code, JSON.stringify(stake.body)).toBe(200);
    expect(stake.body.data.status).toBe('opening');
    const frozen = Number((await contract(s, u.token)).frozen);
    expect(frozen).toBeGreaterThan(10);

    // The false alarm: the stake beside the margin is no problem.
    expect(await checkLedger(s.db)).toEqual([]);

    // One more unit frozen on that account by no holder: named, with the holders it does have.
    const unheld = await checkAfter((tx) =>
      post(tx, {
        realm: 'demo',
        kind: 'test.freeze',
        legs: freeze(userAccount(u.user.id, 'contract'), 'USDT', parseUnits('1')),
      }),
    );
    expect(unheld).toEqual([
      expect.stringMatching(
        new RegExp(
          `^contract USDT of user ${u.user.id} \\(demo\\) has ${frozen + 1} frozen, but its holders hold ${frozen} \\(positions position \\d+: [\\d.]+, seconds contract ${stake.body.data.id}: 10\\)$`,
        ),
      ),
    ]);

    // A freeze on an account no area holds anything in (any kind of account is checked).
    const funding = await checkAfter((tx) =>
      post(tx, {
        realm: 'demo',
        kind: 'test.freeze',
        legs: freeze(userAccount(u.user.id, 'funding'), 'USDT', 5n * parseUnits('1')),
      }),
    );
    expect(funding).toEqual([
      `funding USDT of user ${u.user.id} (demo) has 5 frozen, but its holders hold 0 (no holder names it)`,
    ]);

    // A holder whose account holds less than it claims.
    const short = await checkAfter((tx) =>
      tx.query(`UPDATE seconds_orders SET stake = stake + 2 WHERE id = $1`, [stake.body.data.id]),
    );
    expect(short?.[0]).toMatch(new RegExp(`seconds contract ${stake.body.data.id}: 12\\)$`));
    expect(await checkLedger(s.db)).toEqual([]);
  });
});

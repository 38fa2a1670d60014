import { randomUUID } from 'node:crypto';
import type { SecondsProducts } from '@otc/protocol/seconds/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deposit, registerUser } from '../support/accounts.ts';
import { DATABASES, manualClock, startServer, type TestServer } from '../support/harness.ts';
import { demoWithContract, place, runSettlement, tick } from './seconds-fixtures.ts';

describe.each(DATABASES)('the risk shown before buying seconds contracts, on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, { clock: 'manual', secondsLossShareMinAccounts: 3 });
    await tick(s, '60000');
  });
  afterAll(() => s.close());

  /** A real user with `usdt` in the contract account. */
  async function realTrader(usdt: string) {
    const u = await registerUser(s);
    await deposit(s, u.user.id, 'USDT', usdt);
    const moved = await s.api(
      '/api/credit/transfer',
      { from: 'funding', to: 'contract', asset: 'USDT', amount: usdt, idempotencyKey: randomUUID() },
      { token: u.token },
    );
    expect(moved.body.code).toBe(200);
    return u.token;
  }

  it('shows the share of live accounts that lost money over 90 days, once enough accounts traded', async () => {
    const traders = [await realTrader('100'), await realTrader('100'), await realTrader('100')];
    const demo = await demoWithContract(s, '100');
    // Read once they settled: the service computes the share at most once a minute (seconds.test.ts
    // sees it absent with no accounts).
    const products = async () => (await s.api<SecondsProducts>('/api/seconds/products')).body.data;

    // Two real traders bet up, one down, and a demo user up: the price rises.
    const clock = manualClock(s);
    await tick(s, '60000');
    for (const [i, token] of traders.entries())
      expect((await place(s, token, { direction: i === 2 ? 'down' : 'up', stake: '10' })).body.code).toBe(
        200,
      );
    expect((await place(s, demo.token, { direction: 'down', stake: '10' })).body.code).toBe(200);
    clock.advance(100);
    await tick(s, '60000');
    const buyTs = clock.now();
    await runSettlement(s, 100);
    await tick(s, '60100', buyTs + 20_000);
    await tick(s, '60100', buyTs + 31_000);
    clock.set(buyTs + 31_000);
    await runSettlement(s);

    const shown = (await products()).lossShare;
    // One of three live accounts lost; the demo account is not counted.
    expect(shown).toMatchObject({ accounts: 3, days: 90 });
    expect(shown?.share.slice(0, 8)).toBe('0.333333');
  });
});

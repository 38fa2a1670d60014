import { randomUUID } from 'node:crypto';
import type { Session } from '@otc/protocol/auth/schemas';
import type { AssetsOverview } from '@otc/protocol/ledger/schemas';
import type { SecondsOrder } from '@otc/protocol/seconds/schemas';
import { expect } from 'vitest';
import { SECONDS_SETTLE_EVERY_MS } from '../../../src/seconds/jobs.ts';
import { DEMO_CONTRACT_GRANT } from '../support/accounts.ts';
import { manualClock, type TestServer } from '../support/harness.ts';

export const SYMBOL = 'BTC/USDT';

/** A demo user with `usdt` moved to the contract account, the account seconds contracts use. */
export async function demoWithContract(s: TestServer, usdt = '5000'): Promise<Session> {
  const demo = (await s.api<Session>('/api/auth/loginvirtual', {})).body.data;
  // A demo user starts with the contract grant (issue 24): moved back, so the contract account holds exactly `usdt`.
  const back = await s.api(
    '/api/credit/transfer',
    {
      from: 'contract',
      to: 'funding',
      asset: 'USDT',
      amount: DEMO_CONTRACT_GRANT,
      idempotencyKey: randomUUID(),
    },
    { token: demo.token },
  );
  if (back.status !== 200) throw new Error(`transfer failed: ${JSON.stringify(back.body)}`);
  const moved = await s.api(
    '/api/credit/transfer',
    { from: 'funding', to: 'contract', asset: 'USDT', amount: usdt, idempotencyKey: randomUUID() },
    { token: demo.token },
  );
  expect(moved.body.code, JSON.stringify(moved.body)).toBe(200);
  return demo;
}

/** An index tick as the feed makes it, stored as the market's flush stores it. */
export async function tick(s: TestServer, price: string, at = manualClock(s).now(), symbol = SYMBOL) {
  s.market.onTick(symbol, price, '0', at, 'test-feed');
  await s.market.flush();
}

/** Moves the clock and runs what is due (the settlement job among it). */
export async function runSettlement(s: TestServer, ms = SECONDS_SETTLE_EVERY_MS) {
  manualClock(s).advance(ms);
  await s.jobs.runDue();
}

export const place = (s: TestServer, token: string, body: Record<string, unknown>, lang = 'en') =>
  s.api<SecondsOrder>(
    '/api/seconds/order',
    { symbol: SYMBOL, direction: 'up', period: 30, stake: '100', idempotencyKey: randomUUID(), ...body },
    { token, lang },
  );

export const orderOf = async (s: TestServer, token: string, id: string) =>
  (await s.api<SecondsOrder>('/api/seconds/orderdetail', { id }, { token })).body.data;

export async function contractUsdt(s: TestServer, token: string) {
  const o = (await s.api<AssetsOverview>('/api/assets/overview', {}, { token })).body.data;
  const b = o.accounts.find((a) => a.kind === 'contract')?.balances.find((x) => x.asset === 'USDT');
  return { available: b?.available ?? '0', frozen: b?.frozen ?? '0' };
}

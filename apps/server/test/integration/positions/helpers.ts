import { randomUUID } from 'node:crypto';
import type { Session } from '@otc/protocol/auth/schemas';
import type { AssetsOverview } from '@otc/protocol/ledger/schemas';
import type { PositionOrder } from '@otc/protocol/positions/schemas';
import { DEMO_CONTRACT_GRANT } from '../support/accounts.ts';
import type { TestServer } from '../support/harness.ts';

/** A demo user with `usdt` moved to the contract account (positions are margined there). */
export async function trader(s: TestServer, usdt = '10000'): Promise<Session> {
  const d = (await s.api<Session>('/api/auth/loginvirtual', {})).body.data;
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
    { token: d.token },
  );
  if (back.status !== 200) throw new Error(`transfer failed: ${JSON.stringify(back.body)}`);
  const moved = await s.api(
    '/api/credit/transfer',
    { from: 'funding', to: 'contract', asset: 'USDT', amount: usdt, idempotencyKey: randomUUID() },
    { token: d.token },
  );
  if (moved.status !== 200) throw new Error(`transfer failed: ${JSON.stringify(moved.body)}`);
  return d;
}

/** The user's contract USDT balance. */
export async function contract(s: TestServer, token: string): Promise<{ available: string; frozen: string }> {
  const o = (await s.api<AssetsOverview>('/api/assets/overview', {}, { token })).body.data;
  const acc = o.accounts.find((a) => a.kind === 'contract');
  const b = acc?.balances.find((x) => x.asset === 'USDT');
  return { available: b?.available ?? '0', frozen: b?.frozen ?? '0' };
}

/** Sets BTC's index (and so BTC-PERP's and BTC/USD's marks), fresh now. */
export const tick = (s: TestServer, price: string, symbol = 'BTC/USDT') =>
  s.market.onTick(symbol, price, '1', s.clock.now(), 'test');

/**
 * A perpetual order on `s` (the instance it is sent to): a 10x market long of 0.1 BTC-PERP unless
 * `body` says otherwise, with an idempotency key of its own unless `body` gives one.
 */
export const perpOrder = (s: Pick<TestServer, 'api'>, token: string, body: Record<string, unknown> = {}) =>
  s.api<PositionOrder>(
    '/api/contract/order',
    {
      symbol: 'BTC-PERP',
      side: 'long',
      type: 'market',
      lots: '0.1',
      leverage: 10,
      idempotencyKey: randomUUID(),
      ...body,
    },
    { token },
  );

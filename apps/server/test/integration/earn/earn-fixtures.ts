import { randomUUID } from 'node:crypto';
import type { EarnSubscription } from '@otc/protocol/earn/schemas';
import { ADMIN, manualClock, type TestServer } from '../support/harness.ts';

/** A product made the way an operator makes one: 7 days at 0.5% a day, 2% penalty, 100 to 100,000 USDT. */
export async function sevenDayProduct(s: TestServer, more: Record<string, unknown> = {}): Promise<string> {
  const admin = (await s.api<{ token: string }>('/api/admin/login', ADMIN)).body.data.token;
  const res = await s.api<{ id: string }>(
    '/api/admin/earn/products/save',
    {
      kind: 'managed',
      name: 'Test 7 days',
      minAmount: '100',
      maxAmount: '100000',
      cycleDays: 7,
      rateMin: '0.005',
      rateMax: '0.005',
      penaltyRate: '0.02',
      status: 'open',
      ...more,
    },
    { token: admin },
  );
  if (res.body.code !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.data.id;
}

export const subscribe = (s: TestServer, token: string, body: Record<string, unknown>, lang = 'en') =>
  s.api<EarnSubscription>('/api/earn/subscribe', { idempotencyKey: randomUUID(), ...body }, { token, lang });

export const redeem = (s: TestServer, token: string, body: Record<string, unknown>, lang = 'en') =>
  s.api<EarnSubscription>('/api/earn/redeem', { idempotencyKey: randomUUID(), ...body }, { token, lang });

export async function subscriptionOf(s: TestServer, token: string, id: string): Promise<EarnSubscription> {
  const res = await s.api<{ items: EarnSubscription[] }>(
    '/api/earn/subscriptions',
    { pageSize: 100 },
    { token },
  );
  const found = res.body.data.items.find((i) => i.id === id);
  if (!found) throw new Error(`subscription ${id} not listed`);
  return found;
}

/** A user's funding USDT as the ledger holds it, in the realm given. */
export async function funding(s: TestServer, userId: string, realm: 'live' | 'demo' = 'live') {
  const [row] = await s.db.query<{ available: string; frozen: string }>(
    `SELECT available::text AS available, frozen::text AS frozen FROM ledger_accounts
     WHERE realm = $1 AND owner_type = 'user' AND owner = $2 AND kind = 'funding' AND asset = 'USDT'`,
    [realm, userId],
  );
  return { available: trim(row?.available ?? '0'), frozen: trim(row?.frozen ?? '0') };
}

/**
 * The realm's treasury USDT (it pays yield, it may go below zero: the platform's promise): the
 * treasury and its shards summed (decision 0149).
 */
export async function treasury(s: TestServer, realm: 'live' | 'demo' = 'live'): Promise<string> {
  const [row] = await s.db.query<{ available: string }>(
    `SELECT sum(available)::text AS available FROM ledger_accounts
     WHERE realm = $1 AND owner_type = 'platform' AND kind = 'treasury' AND asset = 'USDT'`,
    [realm],
  );
  return trim(row?.available ?? '0');
}

/** The realm's treasury USDT account by account (`main`, `main-1`, …): what each shard holds. */
export async function treasuryShards(
  s: TestServer,
  realm: 'live' | 'demo' = 'live',
): Promise<Map<string, string>> {
  const rows = await s.db.query<{ owner: string; available: string }>(
    `SELECT owner, available::text AS available FROM ledger_accounts
     WHERE realm = $1 AND owner_type = 'platform' AND kind = 'treasury' AND asset = 'USDT'`,
    [realm],
  );
  return new Map(rows.map((r) => [r.owner, trim(r.available)]));
}

const trim = (n: string) => n.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');

/** Moves the clock to an instant and runs what is due (the accrual job among it). */
export async function at(s: TestServer, iso: string): Promise<void> {
  manualClock(s).set(Date.parse(iso));
  await s.jobs.runDue();
}

import { randomUUID } from 'node:crypto';
import { externalAccount, move, parseUnits, userAccount } from '@otc/core';
import type { AdminLoan, Loan, LoanProduct } from '@otc/protocol/loan/schemas';
import { expect } from 'vitest';
import { post } from '../../../src/postings/index.ts';
import { deposit, PASSWORD, registerUser } from '../support/accounts.ts';
import { ADMIN, manualClock, type TestServer } from '../support/harness.ts';

let operators = 0;

/**
 * A back-office operator of `role`, created by the seeded admin; each call of what it returns logs
 * in afresh (an operator's session lasts 12 hours and the suites walk the clock by weeks).
 */
export async function operator(
  server: TestServer | (() => TestServer),
  role: 'admin' | 'reviewer' | 'support',
) {
  // A suite that restarts its server passes how to reach the current one.
  const current = () => (typeof server === 'function' ? server() : server);
  const login = async (who: { email: string; password: string }) =>
    (await current().api<{ token: string }>('/api/admin/login', who)).body.data.token;
  const s = current();
  const email = `${role}.${Date.now().toString(36)}.${operators++}@loan.test`;
  const password = 'Operator-pass-1';
  const made = await s.api('/api/admin/operators', { email, password, role }, { token: await login(ADMIN) });
  expect(made.body.code).toBe(200);
  return () => login({ email, password });
}

/** The migration's product (decision 0125): 100 to 50,000 USDT, 0.05% a day, 65/80/90%, BTC and ETH. */
export async function seededProduct(s: TestServer): Promise<string> {
  const res = await s.api<{ list: LoanProduct[] }>('/api/loan/getConfigList', {});
  const p = res.body.data.list.find((x) => x.name === 'USDT loan');
  if (!p) throw new Error('the seeded loan product is missing');
  return p.id;
}

/** Sets an asset's index price, as the market feed would. */
export async function setPrice(s: TestServer, asset: string, price: string): Promise<void> {
  await s.db.query('UPDATE index_prices SET price = $2 WHERE asset = $1', [asset, price]);
}

/** Marks a user's basic and advanced verification approved (the kyc suite proves the review itself). */
export async function verifyAdvanced(s: TestServer, userId: string): Promise<void> {
  for (const level of ['basic', 'advanced'])
    await s.db.query(
      `INSERT INTO kyc_applications (user_id, level, status, fields, decided_at) VALUES ($1, $2, 'approved', '{"nationality": "DE"}', now())`,
      [userId, level],
    );
}

/** A certification on file (the certification suite submits one through the API with real uploads). */
export async function certify(s: TestServer, userId: string, birthDate = '1990-05-17'): Promise<void> {
  await s.db.query(
    `INSERT INTO loan_certifications (user_id, fields, submitted_at) VALUES ($1, $2::jsonb, now())
     ON CONFLICT (user_id) DO UPDATE SET fields = EXCLUDED.fields`,
    [userId, JSON.stringify({ realName: 'Erika Mustermann', birthDate })],
  );
}

/** A live borrower: verified, certified, with collateral and some USDT in funding. */
export async function borrower(s: TestServer, holdings: Record<string, string> = { BTC: '1', USDT: '500' }) {
  const u = await registerUser(s);
  await verifyAdvanced(s, u.user.id);
  await certify(s, u.user.id);
  for (const [asset, amount] of Object.entries(holdings))
    if (parseUnits(amount) > 0n) await deposit(s, u.user.id, asset, amount);
  return u;
}

/** Credits a demo user's funding account in the demo realm. */
export async function demoDeposit(s: TestServer, userId: string, asset: string, amount: string) {
  await s.db.tx((q) =>
    post(q, {
      realm: 'demo',
      kind: 'test.deposit',
      legs: move(externalAccount('test'), userAccount(userId, 'funding'), asset, parseUnits(amount)),
    }),
  );
}

export const apply = (s: TestServer, token: string, body: Record<string, unknown>, lang = 'en') =>
  s.api<Loan>(
    '/api/loan/apply',
    {
      agreement: true,
      tradePassword: PASSWORD,
      idempotencyKey: randomUUID(),
      termDays: 30,
      collateralAsset: 'BTC',
      ...body,
    },
    { token, lang },
  );

export const repay = (s: TestServer, token: string, body: Record<string, unknown>, lang = 'en') =>
  s.api<Loan>(
    '/api/loan/repay',
    { tradePassword: PASSWORD, idempotencyKey: randomUUID(), ...body },
    { token, lang },
  );

export const decide = (s: TestServer, token: string, body: Record<string, unknown>) =>
  s.api<AdminLoan>('/api/admin/loan/decide', body, { token });

/** Applies and has a reviewer approve: the active loan. */
export async function borrow(
  s: TestServer,
  token: string,
  reviewer: () => Promise<string>,
  body: Record<string, unknown>,
) {
  const applied = await apply(s, token, body);
  expect(applied.body.code, JSON.stringify(applied.body)).toBe(200);
  const approved = await decide(s, await reviewer(), { id: applied.body.data.id, decision: 'approve' });
  expect(approved.body.code, JSON.stringify(approved.body)).toBe(200);
  expect(approved.body.data.status).toBe('active');
  return approved.body.data;
}

export async function loanOf(s: TestServer, token: string, id: string): Promise<Loan> {
  const res = await s.api<{ items: Loan[] }>('/api/loan/getUserRecords', { pageSize: 100 }, { token });
  const found = res.body.data.items.find((l) => l.id === id);
  if (!found) throw new Error(`loan ${id} not listed`);
  return found;
}

const trim = (n: string) => n.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');

/** A user's funding balance of an asset, available and frozen, as the ledger holds it. */
export async function funding(s: TestServer, userId: string, asset: string, realm: 'live' | 'demo' = 'live') {
  const [row] = await s.db.query<{ available: string; frozen: string }>(
    `SELECT available::text AS available, frozen::text AS frozen FROM ledger_accounts
     WHERE realm = $1 AND owner_type = 'user' AND owner = $2 AND kind = 'funding' AND asset = $3`,
    [realm, userId, asset],
  );
  return { available: trim(row?.available ?? '0'), frozen: trim(row?.frozen ?? '0') };
}

/** The realm's treasury balance of an asset, as exact units (it may be negative: the platform lends). */
export async function treasury(
  s: TestServer,
  asset: string,
  realm: 'live' | 'demo' = 'live',
): Promise<bigint> {
  const [row] = await s.db.query<{ available: string }>(
    `SELECT available::text AS available FROM ledger_accounts
     WHERE realm = $1 AND owner_type = 'platform' AND owner = 'main' AND kind = 'treasury' AND asset = $2`,
    [realm, asset],
  );
  return parseUnits(row?.available ?? '0');
}

/** Moves the clock to an instant and runs what is due (the loan watch among it). */
export async function at(s: TestServer, ms: number): Promise<void> {
  manualClock(s).set(ms);
  await s.jobs.runDue();
}

/** A user's notifications of a kind. */
export async function notices(s: TestServer, userId: string, kind: string) {
  return s.db.query<{ params: Record<string, string> }>(
    'SELECT params FROM notifications WHERE user_id = $1 AND kind = $2 ORDER BY id',
    [userId, kind],
  );
}

export const DAY = 86_400_000;
export const HOUR = 3_600_000;
export { PASSWORD };

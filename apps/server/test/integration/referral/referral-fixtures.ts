import type { Session } from '@otc/protocol/auth/schemas';
import { expect } from 'vitest';
import { lastOutboxCode, manualClock, type TestServer, uniqueEmail } from '../support/harness.ts';

export const PASSWORD = 'Secret123';

/** A real user registered by email the way the app does it, with a referrer's code or none. */
export async function register(s: TestServer, inviteCode?: string): Promise<Session> {
  const email = uniqueEmail('ref');
  expect((await s.api('/api/auth/sendemail', { email, purpose: 'register' })).body.code).toBe(200);
  const res = await s.api<Session>('/api/auth/register', {
    type: 'email',
    account: email,
    code: await lastOutboxCode(s.db, email.toLowerCase()),
    password: PASSWORD,
    confirmPassword: PASSWORD,
    agree: true,
    ...(inviteCode === undefined ? {} : { inviteCode }),
  });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** A referrer and one referee of it. */
export async function pair(s: TestServer): Promise<{ referrer: Session; referee: Session }> {
  const referrer = await register(s);
  return { referrer, referee: await register(s, referrer.user.inviteCode) };
}

/** One fill's activity record, as a product's settlement writes it, stamped at `at`. */
export async function fill(
  s: TestServer,
  userId: string,
  at: string,
  f: { fee: string; notional?: string; symbol?: string; product?: string; realm?: 'live' | 'demo' },
): Promise<void> {
  await s.db.query(
    `INSERT INTO trade_activity (user_id, product, symbol, realm, notional, fee, journal_id, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, 0, $7::timestamptz)`,
    [userId, f.product ?? 'spot', f.symbol ?? 'BTC/USDT', f.realm ?? 'live', f.notional ?? '0', f.fee, at],
  );
}

const trim = (n: string) => n.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');

/** A user's live funding USDT available, as the ledger holds it ('0' when never touched). */
export async function funding(s: TestServer, userId: string): Promise<string> {
  const [row] = await s.db.query<{ available: string }>(
    `SELECT available::text AS available FROM ledger_accounts
     WHERE realm = 'live' AND owner_type = 'user' AND owner = $1 AND kind = 'funding' AND asset = 'USDT'`,
    [userId],
  );
  return trim(row?.available ?? '0');
}

/** The live fees account's USDT (rebates are paid from it; it may go below zero). */
export async function fees(s: TestServer): Promise<string> {
  const [row] = await s.db.query<{ available: string }>(
    `SELECT available::text AS available FROM ledger_accounts
     WHERE realm = 'live' AND owner_type = 'platform' AND owner = 'main' AND kind = 'fees' AND asset = 'USDT'`,
  );
  return trim(row?.available ?? '0');
}

/** A referrer's rebate rows, oldest day first, figures trimmed. */
export async function rebates(s: TestServer, referrerId: string) {
  const rows = await s.db.query<{
    day: string;
    fee_total: string;
    ratio: string;
    rebate: string;
    journal_id: string | null;
  }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, fee_total::text AS fee_total, ratio::text AS ratio,
            rebate::text AS rebate, journal_id::text AS journal_id
     FROM referral_rebates WHERE referrer_id = $1 ORDER BY day`,
    [referrerId],
  );
  return rows.map((r) => ({
    day: r.day,
    feeTotal: trim(r.fee_total),
    ratio: trim(r.ratio),
    rebate: trim(r.rebate),
    posted: r.journal_id !== null,
  }));
}

/** Moves the clock to an instant and runs what is due (the rebate job among it). */
export async function at(s: TestServer, iso: string): Promise<void> {
  manualClock(s).set(Date.parse(iso));
  await s.jobs.runDue();
}

/**
 * Makes a referee a valid member from `at` on, as its areas would record it: basic verification
 * approved (kyc), and a first deposit credited (cashier). `what` leaves one of the two out.
 */
export async function validate(
  s: TestServer,
  userId: string,
  at: string,
  what: { kyc?: boolean; deposit?: boolean } = {},
): Promise<void> {
  if (what.kyc !== false)
    await s.db.query(
      `INSERT INTO kyc_applications (user_id, level, status, fields, submitted_at, decided_at)
       VALUES ($1, 'basic', 'approved', '{}'::jsonb, $2::timestamptz, $2::timestamptz)`,
      [userId, at],
    );
  if (what.deposit !== false)
    await s.db.query(
      `INSERT INTO deposits (chain_id, tx_hash, log_index, block_number, block_hash, user_id, address, amount,
                             status, confirmations, confirmations_needed, journal_id, created_at, credited_at)
       VALUES (31337, $2, 0, 1, '0x0', $1, '0x0', 100, 'credited', 1, 1, 0, $3::timestamptz, $3::timestamptz)`,
      [userId, `0x${userId}${Date.now().toString(16)}${Math.random().toString(16).slice(2)}`, at],
    );
}

/** A referrer's agent status as the job left it, figures trimmed. */
export async function agentStatus(s: TestServer, userId: string) {
  const [row] = await s.db.query<{ level: number; valid: number; volume: string; day: string }>(
    `SELECT level::int AS level, valid_members AS valid, daily_volume::text AS volume,
            to_char(evaluated_day, 'YYYY-MM-DD') AS day
     FROM agent_status WHERE user_id = $1`,
    [userId],
  );
  return row
    ? { level: Number(row.level), valid: Number(row.valid), volume: trim(row.volume), day: row.day }
    : null;
}

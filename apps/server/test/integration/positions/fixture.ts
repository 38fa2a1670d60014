import { randomBytes } from 'node:crypto';
import { externalAccount, freeze, move, parseUnits, userAccount } from '@otc/core';
import type { Db, Queryable } from '../../../src/db/db.ts';
import { post } from '../../../src/postings/index.ts';

/**
 * Positions as the engine leaves them, for the tests of what runs beside it (funding, triggers, the
 * back office): the margin frozen in the user's contract USDT through the ledger, and the row.
 */
export async function setPositionRules(
  db: Queryable,
  symbol: string,
  r: { exposureCap?: string; clamp?: string; intervalHours?: number; maintenance?: string } = {},
): Promise<void> {
  const brackets = JSON.stringify([{ notionalUpTo: null, rate: r.maintenance ?? '0.004' }]);
  await db.query(
    `INSERT INTO position_rules (symbol, spread, min_lots, brackets, liquidation_fee_rate, liquidation_fee_cap,
       funding_interval_hours, funding_clamp, exposure_cap)
     VALUES ($1, 0.0005, 0.001, $2::jsonb, 0.005, 100, $3, $4, $5)
     ON CONFLICT (symbol) DO UPDATE SET brackets = EXCLUDED.brackets, funding_interval_hours = EXCLUDED.funding_interval_hours,
       funding_clamp = EXCLUDED.funding_clamp, exposure_cap = EXCLUDED.exposure_cap`,
    [symbol, brackets, r.intervalHours ?? 8, r.clamp ?? '0.0075', r.exposureCap ?? '10'],
  );
}

/** A user row of its own (the tests here need an owner, not a sign-in). */
export async function testUser(db: Queryable, kind: 'real' | 'demo' = 'real'): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO users (kind, nickname, invite_code) VALUES ($1, 'positions test', $2) RETURNING id::text AS id`,
    [kind, randomBytes(6).toString('hex')],
  );
  return (row as { id: string }).id;
}

export interface TestPosition {
  userId: string;
  realm?: 'live' | 'demo';
  symbol?: string;
  side: 'long' | 'short';
  lots: string;
  entry: string;
  margin: string;
  leverage?: number;
  tp?: string | null;
  sl?: string | null;
  openedAt: number;
}

/** Opens a position as a fill would leave it: its margin frozen in the contract account, its row. */
export async function openTestPosition(db: Db, p: TestPosition): Promise<string> {
  const realm = p.realm ?? 'live';
  const symbol = p.symbol ?? 'BTC-PERP';
  const margin = parseUnits(p.margin);
  const account = userAccount(p.userId, 'contract');
  return db.tx(async (q) => {
    await post(q, {
      realm,
      kind: 'test.margin',
      legs: [...move(externalAccount('test'), account, 'USDT', margin), ...freeze(account, 'USDT', margin)],
    });
    const [row] = await q.query<{ id: string }>(
      `INSERT INTO positions (user_id, realm, symbol, product, side, lots, entry_price, leverage, margin, tp, sl,
         opened_at, updated_at)
       VALUES ($1, $2, $3, 'perp', $4, $5, $6, $7, $8, $9, $10, $11::timestamptz, now()) RETURNING id::text AS id`,
      [
        p.userId,
        realm,
        symbol,
        p.side,
        p.lots,
        p.entry,
        p.leverage ?? 10,
        p.margin,
        p.tp ?? null,
        p.sl ?? null,
        new Date(p.openedAt).toISOString(),
      ],
    );
    return (row as { id: string }).id;
  });
}

export async function positionRow(db: Queryable, id: string) {
  const [row] = await db.query<{ margin: string; funding: string; status: string }>(
    'SELECT margin::text AS margin, funding::text AS funding, status FROM positions WHERE id = $1',
    [id],
  );
  return row;
}

/** A balance of the contract account (available, frozen) as exact decimals. */
export async function contractBalance(db: Queryable, userId: string, realm = 'live') {
  const [row] = await db.query<{ available: string; frozen: string }>(
    `SELECT available::text AS available, frozen::text AS frozen FROM ledger_accounts
      WHERE realm = $1 AND owner_type = 'user' AND owner = $2 AND kind = 'contract' AND asset = 'USDT'`,
    [realm, userId],
  );
  return { available: parseUnits(row?.available ?? '0'), frozen: parseUnits(row?.frozen ?? '0') };
}

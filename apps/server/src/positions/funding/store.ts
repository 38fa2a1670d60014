import type { Realm } from '@otc/protocol/ledger/schemas';
import type { Queryable } from '../../db/db.ts';

/** A perpetual's funding rules (position_rules joined to the market's instruments of kind perp). */
export interface FundingRules {
  symbol: string;
  intervalHours: number;
  clamp: string;
  exposureCap: string;
}

/** An open position as funding reads it, locked for the charge. */
export interface FundedPosition {
  id: string;
  userId: string;
  side: 'long' | 'short';
  lots: string;
  entry: string;
  margin: string;
  leverage: number;
}

/** What one position paid (+) or received (-) at a funding time, and the posting that moved it. */
export interface FundingPaymentRow {
  positionId: string;
  userId: string;
  side: 'long' | 'short';
  lots: string;
  amount: string;
  journalId: string | null;
}

export async function perpFundingRules(q: Queryable, symbol?: string): Promise<FundingRules[]> {
  return q.query<FundingRules>(
    `SELECT r.symbol, r.funding_interval_hours AS "intervalHours", r.funding_clamp::text AS clamp,
            r.exposure_cap::text AS "exposureCap"
       FROM position_rules r JOIN instrument_catalogue i ON i.symbol = r.symbol
      WHERE i.kind = 'perp' AND ($1::text IS NULL OR r.symbol = $1)
      ORDER BY r.symbol`,
    [symbol ?? null],
  );
}

/** Whether a funding time was charged already: its rate row is written with its payments. */
export async function fundingCharged(q: Queryable, symbol: string, realm: Realm, at: Date): Promise<boolean> {
  const rows = await q.query(
    'SELECT 1 FROM funding_rates WHERE symbol = $1 AND realm = $2 AND funding_time = $3::timestamptz',
    [symbol, realm, at.toISOString()],
  );
  return rows.length > 0;
}

/** The dealer's net exposure (long lots less short lots) of an instrument's open positions in a realm. */
export async function netExposure(q: Queryable, symbol: string, realm: Realm): Promise<string> {
  const [row] = await q.query<{ net: string }>(
    `SELECT COALESCE(SUM(CASE WHEN side = 'long' THEN lots ELSE -lots END), 0)::text AS net
       FROM positions WHERE symbol = $1 AND realm = $2 AND status = 'open'`,
    [symbol, realm],
  );
  return row?.net ?? '0';
}

/**
 * The positions a funding time charges: open now and opened at or before it, locked in id order
 * (the engine's settlements lock the same rows, so the two never change a margin at once).
 */
export async function lockFundedPositions(
  q: Queryable,
  symbol: string,
  realm: Realm,
  at: Date,
): Promise<FundedPosition[]> {
  return q.query<FundedPosition>(
    `SELECT id::text AS id, user_id::text AS "userId", side, lots::text AS lots, entry_price::text AS entry,
            margin::text AS margin, leverage
       FROM positions
      WHERE symbol = $1 AND realm = $2 AND status = 'open' AND opened_at <= $3::timestamptz
      ORDER BY id FOR UPDATE`,
    [symbol, realm, at.toISOString()],
  );
}

/**
 * Writes a funding time's outcome: each position's margin and funding total, its payment row, and
 * the rate row that marks the time charged (its primary key refuses a second charge).
 */
export async function recordFunding(
  q: Queryable,
  f: {
    symbol: string;
    realm: Realm;
    at: Date;
    rate: string;
    mark: string;
    netExposure: string;
    total: string;
    payments: FundingPaymentRow[];
  },
): Promise<void> {
  const at = f.at.toISOString();
  const p = f.payments;
  if (p.length > 0) {
    await q.query(
      `UPDATE positions AS pos SET margin = pos.margin - u.amount, funding = pos.funding + u.amount,
              updated_at = now()
         FROM unnest($1::bigint[], $2::numeric[]) AS u (id, amount)
        WHERE pos.id = u.id`,
      [p.map((x) => x.positionId), p.map((x) => x.amount)],
    );
    await q.query(
      `INSERT INTO funding_payments (position_id, user_id, realm, symbol, side, funding_time, lots, mark, rate, amount, journal_id)
       SELECT u.position_id, u.user_id, $1, $2, u.side, $3::timestamptz, u.lots, $4::numeric, $5::numeric, u.amount, u.journal_id
         FROM unnest($6::bigint[], $7::bigint[], $8::text[], $9::numeric[], $10::numeric[], $11::bigint[])
           AS u (position_id, user_id, side, lots, amount, journal_id)`,
      [
        f.realm,
        f.symbol,
        at,
        f.mark,
        f.rate,
        p.map((x) => x.positionId),
        p.map((x) => x.userId),
        p.map((x) => x.side),
        p.map((x) => x.lots),
        p.map((x) => x.amount),
        p.map((x) => x.journalId),
      ],
    );
  }
  await q.query(
    `INSERT INTO funding_rates (symbol, realm, funding_time, rate, mark, net_exposure, positions, total)
     VALUES ($1, $2, $3::timestamptz, $4, $5, $6, $7, $8)`,
    [f.symbol, f.realm, at, f.rate, f.mark, f.netExposure, p.length, f.total],
  );
}

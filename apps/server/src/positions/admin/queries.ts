import type { Realm } from '@otc/protocol/ledger/schemas';
import type { Queryable } from '../../db/db.ts';
import type { WatchedPosition } from '../trigger/store.ts';

/** position_rules with its instrument's kind, as the back office reads and edits it. */
export interface RulesRow {
  symbol: string;
  product: 'perp' | 'cfd';
  spread: string;
  minLots: string;
  brackets: { notionalUpTo: string | null; rate: string }[] | string;
  liquidationFeeRate: string;
  liquidationFeeCap: string;
  fundingIntervalHours: number;
  fundingClamp: string;
  exposureCap: string;
}

const RULES = `SELECT r.symbol, i.kind AS product, r.spread::text AS spread, r.min_lots::text AS "minLots", r.brackets,
    r.liquidation_fee_rate::text AS "liquidationFeeRate", r.liquidation_fee_cap::text AS "liquidationFeeCap",
    r.funding_interval_hours AS "fundingIntervalHours", r.funding_clamp::text AS "fundingClamp",
    r.exposure_cap::text AS "exposureCap"
  FROM position_rules r JOIN instrument_catalogue i ON i.symbol = r.symbol`;

export async function rulesRows(q: Queryable, symbol?: string): Promise<RulesRow[]> {
  return q.query<RulesRow>(`${RULES} WHERE $1::text IS NULL OR r.symbol = $1 ORDER BY i.sort, r.symbol`, [
    symbol ?? null,
  ]);
}

/** The editable columns, by the body's field names. */
export const RULE_COLUMNS = {
  spread: 'spread',
  brackets: 'brackets',
  liquidationFeeRate: 'liquidation_fee_rate',
  liquidationFeeCap: 'liquidation_fee_cap',
  fundingIntervalHours: 'funding_interval_hours',
  exposureCap: 'exposure_cap',
} as const;

export async function updateRules(
  q: Queryable,
  symbol: string,
  values: Partial<Record<keyof typeof RULE_COLUMNS, unknown>>,
): Promise<void> {
  const sets: string[] = [];
  const params: unknown[] = [symbol];
  for (const [field, column] of Object.entries(RULE_COLUMNS) as [keyof typeof RULE_COLUMNS, string][]) {
    if (values[field] === undefined) continue;
    params.push(field === 'brackets' ? JSON.stringify(values[field]) : values[field]);
    sets.push(`${column} = $${params.length}${field === 'brackets' ? '::jsonb' : ''}`);
  }
  if (sets.length > 0)
    await q.query(`UPDATE position_rules SET ${sets.join(', ')} WHERE symbol = $1`, params);
}

/** Long and short lots and the count of open positions per instrument and realm. */
export async function exposureRows(
  q: Queryable,
): Promise<{ symbol: string; realm: Realm; longLots: string; shortLots: string; positions: number }[]> {
  return q.query(
    `SELECT symbol, realm,
            COALESCE(SUM(lots) FILTER (WHERE side = 'long'), 0)::text AS "longLots",
            COALESCE(SUM(lots) FILTER (WHERE side = 'short'), 0)::text AS "shortLots",
            count(*)::int AS positions
       FROM positions WHERE status = 'open' GROUP BY symbol, realm`,
  );
}

export interface AdminPositionRow extends WatchedPosition {
  userId: string;
  product: 'perp' | 'cfd';
  funding: string;
  openedAt: Date;
}

/** Open positions, newest first, filtered by user, instrument and realm. */
export async function openPositionsPage(
  q: Queryable,
  f: {
    page: number;
    pageSize: number;
    userId?: string | undefined;
    symbol?: string | undefined;
    realm?: Realm | undefined;
  },
): Promise<{ items: AdminPositionRow[]; total: number }> {
  const where = `status = 'open' AND ($1::bigint IS NULL OR user_id = $1) AND ($2::text IS NULL OR symbol = $2)
    AND ($3::text IS NULL OR realm = $3)`;
  const params = [f.userId ?? null, f.symbol ?? null, f.realm ?? null];
  const [count] = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM positions WHERE ${where}`,
    params,
  );
  const items = await q.query<AdminPositionRow>(
    `SELECT id::text AS id, user_id::text AS "userId", realm, symbol, product, side, lots::text AS lots,
            entry_price::text AS entry, margin::text AS margin, leverage, close_out::text AS "closeOut",
            tp::text AS tp, sl::text AS sl,
            funding::text AS funding, status, opened_at AS "openedAt"
       FROM positions WHERE ${where} ORDER BY id DESC LIMIT $4 OFFSET $5`,
    [...params, f.pageSize, (f.page - 1) * f.pageSize],
  );
  return { items, total: count?.n ?? 0 };
}

import type { Queryable } from '../db/db.ts';
import type { Params } from '../db/params.ts';
import type { TableOwner } from './tables.ts';

/**
 * One user's part in one fill of a product: the fact other areas read (VIP volume now, referral
 * rebates later) instead of the product's own trade tables. Written by the product's settlement in
 * the same statement as the fill; a trade against one's own order is one record.
 */
export interface TradeActivity {
  userId: string;
  /** spot; contract (perpetuals) and stock (CFDs), the leveraged positions' fills. */
  product: 'spot' | 'contract' | 'stock';
  symbol: string;
  realm: 'live' | 'demo';
  /** Quote value of the fill (decimal string). */
  notional: string;
  /** What the user paid in fees on it (decimal string). */
  fee: string;
}

/**
 * The statement (a CTE body of the ledger's batch statement, `postBatch`) that writes activity
 * records, each naming the journal of the posting it came with: `posting` is that posting's
 * position in the batch (`posted (n, id)`).
 */
export function insertTradeActivity(
  rows: (TradeActivity & { posting: number })[],
  sql: Params,
  /** The platform clock's time, which the VIP window and rebates measure against. */
  at: Date,
): string {
  const col = <K extends keyof TradeActivity | 'posting'>(k: K) => sql.p(rows.map((r) => r[k]));
  return `INSERT INTO trade_activity (user_id, product, symbol, realm, notional, fee, journal_id, created_at)
    SELECT v.user_id, v.product, v.symbol, v.realm, v.notional, v.fee, posted.id, ${sql.p(at.toISOString())}::timestamptz
    FROM unnest(${col('userId')}::bigint[], ${col('product')}::text[], ${col('symbol')}::text[],
      ${col('realm')}::text[], ${col('notional')}::numeric[], ${col('fee')}::numeric[], ${col('posting')}::int[])
      AS v (user_id, product, symbol, realm, notional, fee, n)
    JOIN posted ON posted.n = v.n`;
}

/**
 * Each user's traded notional in `product` over the last `days` days, in the user's own realm (a
 * demo user's demo trades, a real user's live ones), system users (the market maker) left out.
 * Notionals are exact at 18 places, so nothing is cut.
 */
export async function tradedSince(
  q: Queryable,
  product: TradeActivity['product'],
  days: number,
  /** The window's end: the platform clock's time (records are stamped with it too). */
  now: Date,
): Promise<Map<string, string>> {
  const rows = await q.query<{ user_id: string; volume: string }>(
    `SELECT a.user_id::text AS user_id, sum(a.notional)::numeric(38, 18)::text AS volume
     FROM trade_activity a JOIN user_directory u ON u.id = a.user_id
     WHERE a.created_at > $3::timestamptz - make_interval(days => $2) AND a.product = $1
       AND NOT u.system AND a.realm = CASE WHEN u.kind = 'demo' THEN 'demo' ELSE 'live' END
     GROUP BY a.user_id`,
    [product, days, now.toISOString()],
  );
  return new Map(rows.map((r) => [r.user_id, r.volume]));
}

/**
 * A CTE body: each user's live fills of one platform day (UTC, by the clock's stamp), fee and
 * notional summed in USDT, exact. Spot's fee and notional are in the pair's quote asset, the
 * leveraged products' in USDT already; a quote other than USDT is converted at `prices` (asset to
 * USDT, the market's index prices), and one with no price is left out. Demo fills never count.
 */
export function liveDayInUsdt(sql: Params, day: string, prices: ReadonlyMap<string, string>): string {
  const start = new Date(`${day}T00:00:00.000Z`);
  const end = new Date(start.getTime() + 86_400_000);
  const quoted = new Map([...prices, ['USDT', '1']]);
  return `SELECT a.user_id, sum(a.fee * p.price) AS fee, sum(a.notional * p.price) AS notional
    FROM trade_activity a
    LEFT JOIN instrument_catalogue i ON i.symbol = a.symbol
    JOIN unnest(${sql.p([...quoted.keys()])}::text[], ${sql.p([...quoted.values()])}::numeric[]) AS p (asset, price)
      ON p.asset = CASE WHEN a.product = 'spot' THEN i.quote ELSE 'USDT' END
    WHERE a.realm = 'live' AND a.created_at >= ${sql.p(start.toISOString())}::timestamptz
      AND a.created_at < ${sql.p(end.toISOString())}::timestamptz
    GROUP BY a.user_id`;
}

/** The fills' activity belongs to the platform: products write it, others read it through this file. */
export const tradeActivityTables: TableOwner = { tables: ['trade_activity'] };

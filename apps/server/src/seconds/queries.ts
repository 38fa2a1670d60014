import type { Queryable } from '../db/db.ts';

/** The product's switch: on or off globally, and the countries (verified nationality) it is off in. */
export async function settings(q: Queryable): Promise<{ enabled: boolean; blockedCountries: string[] }> {
  const [row] = await q.query<{ enabled: boolean; blocked_countries: string[] }>(
    'SELECT enabled, blocked_countries FROM seconds_settings',
  );
  return { enabled: row?.enabled ?? false, blockedCountries: row?.blocked_countries ?? [] };
}

export async function saveSettings(
  q: Queryable,
  enabled: boolean,
  blockedCountries: string[],
): Promise<void> {
  await q.query(
    'UPDATE seconds_settings SET enabled = $1, blocked_countries = $2::text[], updated_at = now()',
    [enabled, blockedCountries],
  );
}

/** Each instrument's periods and ratios, ordered by instrument then period. */
export function periods(q: Queryable, symbol?: string) {
  return q.query<{ symbol: string; seconds: number; ratio: string }>(
    `SELECT p.symbol, p.seconds, p.ratio::text AS ratio FROM seconds_periods p JOIN instrument_catalogue i ON i.symbol = p.symbol
     WHERE ($1::text IS NULL OR p.symbol = $1) ORDER BY i.sort, p.symbol, p.seconds`,
    [symbol ?? null],
  );
}

/** Seeds the default periods on instruments that offer none yet (never overwrites an operator's ratios). */
export async function seedPeriods(
  q: Queryable,
  defaults: readonly { seconds: number; ratio: string }[],
): Promise<void> {
  await q.query(
    `INSERT INTO seconds_periods (symbol, seconds, ratio)
     SELECT i.symbol, d.seconds, d.ratio FROM instrument_catalogue i
     CROSS JOIN unnest($1::int[], $2::numeric[]) AS d (seconds, ratio)
     WHERE i.kind = 'spot' AND i.class = 'crypto' AND i.quote = 'USDT' AND i.index_symbol IS NULL
       AND NOT EXISTS (SELECT 1 FROM seconds_periods p WHERE p.symbol = i.symbol)`,
    [defaults.map((d) => d.seconds), defaults.map((d) => d.ratio)],
  );
}

/** Replaces an instrument's periods and ratios (the back office). */
export async function replacePeriods(
  q: Queryable,
  symbol: string,
  list: readonly { seconds: number; ratio: string }[],
): Promise<void> {
  await q.query('DELETE FROM seconds_periods WHERE symbol = $1', [symbol]);
  await q.query(
    `INSERT INTO seconds_periods (symbol, seconds, ratio)
     SELECT $1, * FROM unnest($2::int[], $3::numeric[])`,
    [symbol, list.map((p) => p.seconds), list.map((p) => p.ratio)],
  );
}

/** Each live account's net result (payouts less stakes) over its contracts settled since `since`. */
export async function netResultsSince(q: Queryable, since: Date): Promise<string[]> {
  const rows = await q.query<{ net: string }>(
    `SELECT sum(pnl)::text AS net FROM seconds_orders
     WHERE status = 'completed' AND realm = 'live' AND settled_at >= $1::timestamptz GROUP BY user_id`,
    [since.toISOString()],
  );
  return rows.map((r) => r.net);
}

export async function openContracts(q: Queryable): Promise<number> {
  const [row] = await q.query<{ n: string }>(
    `SELECT count(*)::text AS n FROM seconds_orders WHERE status <> 'completed'`,
  );
  return Number(row?.n ?? 0);
}

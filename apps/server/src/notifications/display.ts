import type { Queryable } from '../db/db.ts';

/** What figures show with: each asset's display decimals and each instrument's tick, from the catalogues. */
export interface NoticeDisplay {
  assets: ReadonlyMap<string, { displayDecimals: number }>;
  ticks: ReadonlyMap<string, { tickSize: string }>;
}

/**
 * Each asset's display decimals and each instrument's tick (every one, enabled or not: an old
 * notice may name one switched off), for the figures of a notice.
 */
export async function noticeDisplay(q: Queryable): Promise<NoticeDisplay> {
  const assets = await q.query<{ code: string; displayDecimals: number }>(
    'SELECT code, display_decimals AS "displayDecimals" FROM asset_catalogue',
  );
  const ticks = await q.query<{ symbol: string; tickSize: string }>(
    'SELECT symbol, tick_size::text AS "tickSize" FROM instrument_catalogue',
  );
  return {
    assets: new Map(assets.map((r) => [r.code, { displayDecimals: r.displayDecimals }])),
    ticks: new Map(ticks.map((r) => [r.symbol, { tickSize: r.tickSize }])),
  };
}

import { type Candle, canonicalDecimal, type Interval } from '@otc/core';
import type { Queryable } from '../db/db.ts';

/** The market's SQL: ticks, candles and the ledger's index prices. */
/** A candle row as the queries below read it (CANDLE_COLUMNS), exact decimals as text. */
type CandleRow = { t: string; o: string; h: string; l: string; c: string; v: string };
const CANDLE_COLUMNS = 't::text AS t, o::text AS o, h::text AS h, l::text AS l, c::text AS c, v::text AS v';
const toCandle = (r: CandleRow): Candle => ({
  t: Number(r.t),
  o: canonicalDecimal(r.o),
  h: canonicalDecimal(r.h),
  l: canonicalDecimal(r.l),
  c: canonicalDecimal(r.c),
  v: canonicalDecimal(r.v),
});

export async function hasCandles(q: Queryable): Promise<boolean> {
  return (await q.query('SELECT 1 FROM candles LIMIT 1')).length > 0;
}

/** Inserts or replaces candles, many rows a statement. */
export async function upsertCandles(
  q: Queryable,
  rows: { symbol: string; interval: Interval; candle: Candle }[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    const params: unknown[] = [];
    const tuples = chunk.map(({ symbol, interval, candle: c }) => {
      params.push(symbol, interval, c.t, c.o, c.h, c.l, c.c, c.v);
      const o = params.length - 8;
      return `($${o + 1}, $${o + 2}, $${o + 3}, $${o + 4}, $${o + 5}, $${o + 6}, $${o + 7}, $${o + 8})`;
    });
    await q.query(
      `INSERT INTO candles (symbol, interval, t, o, h, l, c, v) VALUES ${tuples.join(', ')}
       ON CONFLICT (symbol, interval, t) DO UPDATE SET o = EXCLUDED.o, h = EXCLUDED.h, l = EXCLUDED.l, c = EXCLUDED.c, v = EXCLUDED.v`,
      params,
    );
  }
}

export async function candlesBefore(
  q: Queryable,
  symbol: string,
  interval: Interval,
  before: number,
  limit: number,
): Promise<Candle[]> {
  const rows = await q.query<CandleRow>(
    `SELECT ${CANDLE_COLUMNS} FROM candles
     WHERE symbol = $1 AND interval = $2 AND t < $3 ORDER BY candles.t DESC LIMIT $4`,
    [symbol, interval, before, limit],
  );
  return rows.map(toCandle).reverse();
}

/** The newest candle of each symbol for one interval: where the live state resumes. */
export async function latestCandles(q: Queryable, interval: Interval): Promise<Map<string, Candle>> {
  const rows = await q.query<CandleRow & { symbol: string }>(
    `SELECT DISTINCT ON (symbol) symbol, ${CANDLE_COLUMNS}
     FROM candles WHERE interval = $1 ORDER BY symbol, candles.t DESC`,
    [interval],
  );
  return new Map(rows.map((r) => [r.symbol, toCandle(r)]));
}

/** Hourly candles since `fromMs`, by symbol, oldest first: the 24 h figures at start. */
export async function hourlySince(q: Queryable, fromMs: number): Promise<Map<string, Candle[]>> {
  const rows = await q.query<CandleRow & { symbol: string }>(
    `SELECT symbol, ${CANDLE_COLUMNS}
     FROM candles WHERE interval = '1h' AND t >= $1 ORDER BY symbol, candles.t`,
    [fromMs],
  );
  const bySymbol = new Map<string, Candle[]>();
  for (const r of rows) bySymbol.set(r.symbol, [...(bySymbol.get(r.symbol) ?? []), toCandle(r)]);
  return bySymbol;
}

export async function insertTicks(
  q: Queryable,
  ticks: { symbol: string; ts: number; price: string; source: string }[],
): Promise<void> {
  if (ticks.length === 0) return;
  const params: unknown[] = [];
  const tuples = ticks.map((t) => {
    params.push(t.symbol, new Date(t.ts).toISOString(), t.price, t.source);
    const o = params.length - 4;
    return `($${o + 1}, $${o + 2}, $${o + 3}, $${o + 4})`;
  });
  await q.query(`INSERT INTO index_ticks (symbol, ts, price, source) VALUES ${tuples.join(', ')}`, params);
}

/** Ticks are kept two days: enough to settle any contract and audit it. */
export const pruneTicks = (q: Queryable, now: Date) =>
  q.query(`DELETE FROM index_ticks WHERE ts < $1::timestamptz - interval '2 days'`, [now.toISOString()]);

/** Crypto spot prices are the ledger's index prices of their base assets (in USDT). */
export async function updateIndexPrices(
  q: Queryable,
  prices: { asset: string; price: string; source: string }[],
): Promise<void> {
  for (const p of prices) {
    await q.query(
      `INSERT INTO index_prices (asset, price, source, updated_at) VALUES ($1, $2, $3, now())
       ON CONFLICT (asset) DO UPDATE SET price = EXCLUDED.price, source = EXCLUDED.source, updated_at = now()`,
      [p.asset, p.price, p.source],
    );
  }
}

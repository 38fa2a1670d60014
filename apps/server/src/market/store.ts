import {
  type Candle,
  type ChainedTick,
  canonicalDecimal,
  chainGenesis,
  chainTicks,
  type Interval,
  minuteOf,
  type Tick,
} from '@otc/core';
import type { Queryable } from '../db/db.ts';

/** The market's SQL: ticks, candles and the ledger's index prices. */
/** A candle row as the queries below read it (CANDLE_COLUMNS), exact decimals as text. */
type CandleRow = { t: string; o: string; h: string; l: string; c: string; v: string; q: string | null };
const CANDLE_COLUMNS =
  't::text AS t, o::text AS o, h::text AS h, l::text AS l, c::text AS c, v::text AS v, q::text AS q';
const toCandle = (r: CandleRow): Candle => ({
  t: Number(r.t),
  o: canonicalDecimal(r.o),
  h: canonicalDecimal(r.h),
  l: canonicalDecimal(r.l),
  c: canonicalDecimal(r.c),
  v: canonicalDecimal(r.v),
  // NULL: recorded before turnover was kept (migration 034).
  ...(r.q === null ? {} : { q: canonicalDecimal(r.q) }),
});

/** Candle rows as the nine column arrays `unnest` takes ($1 to $9 of the candle inserts). */
const UNNEST_CANDLES = `SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[], $4::numeric[], $5::numeric[], $6::numeric[], $7::numeric[], $8::numeric[], $9::numeric[])`;
function candleColumns(rows: { symbol: string; interval: Interval; candle: Candle }[]): unknown[] {
  const column = <K extends keyof Candle>(k: K) => rows.map((r) => r.candle[k]);
  return [
    rows.map((r) => r.symbol),
    rows.map((r) => r.interval),
    column('t'),
    column('o'),
    column('h'),
    column('l'),
    column('c'),
    column('v'),
    rows.map((r) => r.candle.q ?? null),
  ];
}

/**
 * Inserts or replaces candles: one statement of column arrays, as `insertHistory`. A flush writes
 * every instrument's open candle of every interval, some 400 rows a second; as rows of nine bound
 * parameters each it took 1.9 s of the database a minute on an idle platform, as arrays 1.1 s.
 */
export async function upsertCandles(
  q: Queryable,
  rows: { symbol: string; interval: Interval; candle: Candle }[],
): Promise<void> {
  if (rows.length === 0) return;
  await q.query(
    `INSERT INTO candles (symbol, interval, t, o, h, l, c, v, q)
     ${UNNEST_CANDLES}
     ON CONFLICT (symbol, interval, t) DO UPDATE SET o = EXCLUDED.o, h = EXCLUDED.h, l = EXCLUDED.l, c = EXCLUDED.c, v = EXCLUDED.v, q = EXCLUDED.q`,
    candleColumns(rows),
  );
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

/**
 * The newest candle of each instrument for one interval: where the live state resumes. One index
 * lookup an instrument (the key is symbol, interval, t), not a scan of a year of candles.
 */
export async function latestCandles(q: Queryable, interval: Interval): Promise<Map<string, Candle>> {
  const rows = await q.query<CandleRow & { symbol: string }>(
    `SELECT i.symbol, ${CANDLE_COLUMNS} FROM instruments i
     CROSS JOIN LATERAL (SELECT * FROM candles
       WHERE candles.symbol = i.symbol AND candles.interval = $1 ORDER BY candles.t DESC LIMIT 1) c`,
    [interval],
  );
  return new Map(rows.map((r) => [r.symbol, toCandle(r)]));
}

/** Hourly candles since `fromMs`, by symbol (all, or the one given), oldest first: the 24 h figures. */
export async function hourlySince(
  q: Queryable,
  fromMs: number,
  symbol?: string,
): Promise<Map<string, Candle[]>> {
  const rows = await q.query<CandleRow & { symbol: string }>(
    `SELECT i.symbol, ${CANDLE_COLUMNS} FROM instruments i
     CROSS JOIN LATERAL (SELECT * FROM candles
       WHERE candles.symbol = i.symbol AND candles.interval = '1h' AND candles.t >= $1) c
     WHERE $2::text IS NULL OR i.symbol = $2 ORDER BY i.symbol, c.t`,
    [fromMs, symbol ?? null],
  );
  const bySymbol = new Map<string, Candle[]>();
  for (const r of rows) bySymbol.set(r.symbol, [...(bySymbol.get(r.symbol) ?? []), toCandle(r)]);
  return bySymbol;
}

/** The instruments whose generated history is stored (history.ts). */
export async function historyFilled(q: Queryable): Promise<Set<string>> {
  const rows = await q.query<{ symbol: string }>('SELECT symbol FROM market_history');
  return new Set(rows.map((r) => r.symbol));
}

/** When an instrument's stored 1-minute candles begin: where its live market began, if it has. */
export async function firstMinute(q: Queryable, symbol: string): Promise<Candle | undefined> {
  const rows = await q.query<CandleRow>(
    `SELECT ${CANDLE_COLUMNS} FROM candles WHERE symbol = $1 AND interval = '1m' ORDER BY t LIMIT 1`,
    [symbol],
  );
  return rows[0] && toCandle(rows[0]);
}

/**
 * Stores instruments' generated history and marks them filled, in the caller's transaction. A
 * candle already there (the live feed's) is kept: history never overwrites what was traded.
 */
export async function insertHistory(
  q: Queryable,
  symbols: string[],
  rows: { symbol: string; interval: Interval; candle: Candle }[],
): Promise<void> {
  // One statement of column arrays: far fewer parameters to bind than a row of nine each.
  await q.query(
    `INSERT INTO candles (symbol, interval, t, o, h, l, c, v, q)
     ${UNNEST_CANDLES}
     ON CONFLICT (symbol, interval, t) DO NOTHING`,
    candleColumns(rows),
  );
  await q.query(
    'INSERT INTO market_history (symbol) SELECT unnest($1::text[]) ON CONFLICT (symbol) DO NOTHING',
    [symbols],
  );
}

/**
 * Stores ticks, each with its place in its instrument's chain and its hash (decision 0142), and
 * moves each minute's published head to the minute's latest tick. The chain's heads are read from
 * the heads table (kept after the ticks are pruned) the first time an instrument ticks in this
 * process, and kept in `heads` after: one process writes ticks (the feed's owner).
 */
export async function insertTicks(
  q: Queryable,
  ticks: Tick[],
  heads: Map<string, { seq: string; hash: string }>,
): Promise<void> {
  if (ticks.length === 0) return;
  const bySymbol = new Map<string, Tick[]>();
  for (const t of ticks) bySymbol.set(t.symbol, [...(bySymbol.get(t.symbol) ?? []), t]);
  const chained: ChainedTick[] = [];
  const next = new Map(heads);
  for (const [symbol, list] of bySymbol) {
    const head = next.get(symbol) ?? (await storedHead(q, symbol));
    const links = chainTicks(head, list);
    chained.push(...links);
    next.set(symbol, links.at(-1) as ChainedTick);
  }
  await q.query(
    `INSERT INTO index_ticks (symbol, ts, price, source, seq, hash, venue, venue_trade)
     SELECT s, to_timestamp(0) + t * interval '1 millisecond', p, src, n, h, v, vt
       FROM unnest($1::text[], $2::bigint[], $3::numeric[], $4::text[], $5::bigint[], $6::text[], $7::text[], $8::text[])
         AS x(s, t, p, src, n, h, v, vt)`,
    [
      chained.map((t) => t.symbol),
      chained.map((t) => t.ts),
      chained.map((t) => t.price),
      chained.map((t) => t.source),
      chained.map((t) => t.seq),
      chained.map((t) => t.hash),
      chained.map((t) => t.trade?.venue ?? null),
      chained.map((t) => t.trade?.id ?? null),
    ],
  );
  const lastOfMinute = new Map<string, ChainedTick>();
  for (const t of chained) lastOfMinute.set(`${t.symbol}|${minuteOf(t.ts)}`, t);
  const minuteHeads = [...lastOfMinute.values()];
  await q.query(
    `INSERT INTO tick_chain_heads (symbol, minute, seq, hash)
     SELECT s, to_timestamp(0) + m * interval '1 millisecond', n, h FROM unnest($1::text[], $2::bigint[], $3::bigint[], $4::text[]) AS x(s, m, n, h)
     ON CONFLICT (symbol, minute) DO UPDATE SET seq = excluded.seq, hash = excluded.hash
       WHERE excluded.seq > tick_chain_heads.seq`,
    [
      minuteHeads.map((t) => t.symbol),
      minuteHeads.map((t) => minuteOf(t.ts)),
      minuteHeads.map((t) => t.seq),
      minuteHeads.map((t) => t.hash),
    ],
  );
  // Only once the statements stand: a failed write leaves the known heads as they were.
  for (const [symbol, head] of next) heads.set(symbol, { seq: head.seq, hash: head.hash });
}

/** An instrument's chain head as stored: its latest minute's head, or the genesis before any. */
async function storedHead(q: Queryable, symbol: string): Promise<{ seq: string; hash: string }> {
  const [row] = await q.query<{ seq: string; hash: string }>(
    'SELECT seq::text AS seq, hash FROM tick_chain_heads WHERE symbol = $1 ORDER BY seq DESC LIMIT 1',
    [symbol],
  );
  return row ?? { seq: '0', hash: chainGenesis(symbol) };
}

/** Ticks are kept two days: enough to settle any contract and audit it. */
export const pruneTicks = (q: Queryable, now: Date) =>
  q.query(`DELETE FROM index_ticks WHERE ts < $1::timestamptz - interval '2 days'`, [now.toISOString()]);

/** Crypto spot prices are the ledger's index prices of their base assets (in USDT). */
export async function updateIndexPrices(
  q: Queryable,
  prices: { asset: string; price: string; source: string }[],
): Promise<void> {
  if (prices.length === 0) return;
  // One statement for the flush (twenty assets a second on a quiet platform), not one an asset; an
  // asset named twice keeps its last price (one statement may not update a row twice).
  const latest = [...new Map(prices.map((p) => [p.asset, p])).values()];
  await q.query(
    `INSERT INTO index_prices (asset, price, source, updated_at)
     SELECT asset, price, source, now() FROM unnest($1::text[], $2::numeric[], $3::text[]) AS p (asset, price, source)
     ON CONFLICT (asset) DO UPDATE SET price = EXCLUDED.price, source = EXCLUDED.source, updated_at = now()`,
    [latest.map((p) => p.asset), latest.map((p) => p.price), latest.map((p) => p.source)],
  );
}

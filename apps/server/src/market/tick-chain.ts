import { type ChainedTick, canonicalDecimal, chainGenesis, minuteOf, type Tick } from '@otc/core';
import type { Queryable } from '../db/db.ts';

/** A stretch of one instrument's tick chain, what a user needs to recompute it (decision 0142). */
export interface TickStretch {
  /** The hash before the first tick (the chain's genesis for its first tick). */
  previous: string;
  ticks: ChainedTick[];
  heads: { minute: number; hash: string }[];
}

type TickRow = {
  ts: Date;
  price: string;
  source: string;
  seq: string;
  hash: string;
  venue: string | null;
  venue_trade: string | null;
};
const toTick = (symbol: string, r: TickRow): ChainedTick => ({
  symbol,
  ts: new Date(r.ts).getTime(),
  price: canonicalDecimal(r.price),
  source: r.source,
  seq: r.seq,
  hash: r.hash,
  ...(r.venue !== null && r.venue_trade !== null ? { trade: { venue: r.venue, id: r.venue_trade } } : {}),
});

/**
 * The chain from tick `from` to the end of tick `to`'s minute, with the hash before it and the
 * heads of every minute it spans; null when `from` is not a chained tick any more (stored before the
 * chain began, or pruned after two days) or the tick before it is gone.
 */
export async function tickStretch(
  q: Queryable,
  symbol: string,
  from: Tick,
  to: Tick,
): Promise<TickStretch | null> {
  const [start] = await q.query<{ seq: string }>(
    `SELECT seq::text AS seq FROM index_ticks
      WHERE symbol = $1 AND ts = $2::timestamptz AND source = $3 AND price = $4::numeric AND seq IS NOT NULL
      ORDER BY seq LIMIT 1`,
    [symbol, new Date(from.ts).toISOString(), from.source, from.price],
  );
  if (!start) return null;
  let previous = chainGenesis(symbol);
  if (start.seq !== '1') {
    const [before] = await q.query<{ hash: string }>(
      'SELECT hash FROM index_ticks WHERE symbol = $1 AND seq = $2::bigint - 1',
      [symbol, start.seq],
    );
    if (!before) return null;
    previous = before.hash;
  }
  const end = minuteOf(to.ts) + 60_000;
  // The heads first, then the ticks up to the last head: a flush between the two reads (the current
  // minute still ticking) would otherwise give ticks past the head read.
  const heads = await q.query<{ minute: Date; hash: string; seq: string }>(
    `SELECT minute, hash, seq::text AS seq FROM tick_chain_heads
      WHERE symbol = $1 AND minute >= $2::timestamptz AND minute < $3::timestamptz ORDER BY minute`,
    [symbol, new Date(minuteOf(from.ts)).toISOString(), new Date(end).toISOString()],
  );
  const last = heads.at(-1)?.seq ?? start.seq;
  const rows = await q.query<TickRow>(
    `SELECT ts, price::text AS price, source, seq::text AS seq, hash, venue, venue_trade FROM index_ticks
      WHERE symbol = $1 AND seq BETWEEN $2::bigint AND $3::bigint ORDER BY seq`,
    [symbol, start.seq, last],
  );
  return {
    previous,
    ticks: rows.map((r) => toTick(symbol, r)),
    heads: heads.map((h) => ({ minute: new Date(h.minute).getTime(), hash: h.hash })),
  };
}

/** The published minute heads of an instrument's chain, newest first, before `before` (ms) when given. */
export async function minuteHeads(
  q: Queryable,
  symbol: string,
  before: number | undefined,
  limit: number,
): Promise<{ minute: number; seq: string; hash: string }[]> {
  const rows = await q.query<{ minute: Date; seq: string; hash: string }>(
    `SELECT minute, seq::text AS seq, hash FROM tick_chain_heads
      WHERE symbol = $1 AND ($2::timestamptz IS NULL OR minute < $2::timestamptz)
      ORDER BY minute DESC LIMIT $3`,
    [symbol, before === undefined ? null : new Date(before).toISOString(), limit],
  );
  return rows.map((r) => ({ minute: new Date(r.minute).getTime(), seq: r.seq, hash: r.hash }));
}

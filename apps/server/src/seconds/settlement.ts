import {
  formatUnits,
  NO_START,
  parseUnits,
  platformAccount,
  SECONDS_START_WINDOW_MS,
  type SecondsOutcome,
  secondsOutcome,
  secondsSettlement,
  secondsSettlementLegs,
  type Units,
  userAccount,
} from '@otc/core';
import { STALE_AFTER_MS } from '@otc/protocol/market/constants';
import { SECONDS_ACCOUNT } from '@otc/protocol/seconds/constants';
import type { Queryable } from '../db/db.ts';
import { type BalanceAfter, type Posting, postBatch } from '../postings/index.ts';
import { ORDER_COLUMNS, type OrderRow, STAKE_DECIMALS } from './rows.ts';

/**
 * How long after delivery the settler waits for a stored tick after delivery (proof that every
 * tick at or before it is stored) before it settles on what is stored: a feed silent this long
 * halts the instrument anyway (the market's staleness).
 */
export const SETTLE_GRACE_MS = STALE_AFTER_MS;
/** Contracts settled per transaction (a PGlite transaction holds its one connection meanwhile). */
export const SETTLE_BATCH = 5_000;

const DEALER = platformAccount('dealer');
/**
 * The settler's transaction-scoped advisory lock, in the two-key space (the idempotency keys use
 * another first key there; owners and migrations use the one-key form).
 */
const SETTLER_LOCK = [17, 1];

/** What a settlement decided for one contract, from the stored ticks alone. */
export interface Decision {
  row: OrderRow;
  outcome: SecondsOutcome;
  settle: { price: string; ts: Date; source: string } | null;
  returned: Units;
  pnl: Units;
}

/** The start window as SQL's interval argument (seconds). */
const START_WINDOW_S = SECONDS_START_WINDOW_MS / 1000;

/**
 * Gives each contract waiting for its buy tick the first stored index tick after its acceptance
 * and within the start window (core's `buyTick`), and its delivery time (that tick's time plus the
 * period). Returns the contracts bought. One whose window holds no tick is left to `readyToSettle`.
 */
export async function takeBuyTicks(q: Queryable, limit = SETTLE_BATCH): Promise<OrderRow[]> {
  return q.query<OrderRow>(
    `WITH found AS (
       SELECT o.id, t.price, t.ts, t.source FROM seconds_orders o
       CROSS JOIN LATERAL (
         SELECT price, ts, source FROM index_history
         WHERE symbol = o.index_symbol AND ts > o.accepted_at
           AND ts <= o.accepted_at + make_interval(secs => $2::double precision)
         ORDER BY ts, price, source LIMIT 1) t
       WHERE o.status = 'opening'
       ORDER BY o.id LIMIT $1
       FOR UPDATE OF o SKIP LOCKED)
     UPDATE seconds_orders o SET status = 'trading', buy_price = found.price, buy_ts = found.ts,
       buy_source = found.source, delivery_at = found.ts + make_interval(secs => o.period)
     FROM found WHERE o.id = found.id
     RETURNING ${ORDER_COLUMNS}`,
    [limit, START_WINDOW_S],
  );
}

type Found = { price: string; ts: Date; source: string };

/**
 * Whether a settlement round at `now` could find anything: a contract waiting for its buy tick, or
 * one whose delivery has passed. Two looks along the partial indexes; most rounds of an idle
 * platform stop here instead of taking the lock and running the three searches below.
 */
export async function hasDueWork(q: Queryable, now: Date): Promise<boolean> {
  const [row] = await q.query<{ due: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM seconds_orders WHERE status = 'opening')
         OR EXISTS (SELECT 1 FROM seconds_orders WHERE status = 'trading' AND delivery_at <= $1::timestamptz) AS due`,
    [now.toISOString()],
  );
  return row?.due === true;
}

/**
 * The contracts ready to settle at `now` (the caller holds the settler's lock). Ready: delivery has passed and a tick after it is
 * stored (so every tick up to it is), or the grace has passed; or the contract never started: no
 * buy tick within its start window, and a tick after the window is stored (so every tick in it is;
 * `takeBuyTicks` ran first in this transaction) or the grace has passed since.
 */
async function readyToSettle(q: Queryable, now: Date, limit: number): Promise<OrderRow[]> {
  const at = now.toISOString();
  const grace = SETTLE_GRACE_MS / 1000;
  // The newest stored tick of each index with contracts due, looked up once per index.
  const due = await q.query<OrderRow>(
    `WITH last AS (
       SELECT s.symbol, (SELECT max(t.ts) FROM index_history t WHERE t.symbol = s.symbol) AS ts
       FROM (SELECT DISTINCT index_symbol AS symbol FROM seconds_orders
             WHERE status = 'trading' AND delivery_at <= $1::timestamptz) s)
     SELECT ${ORDER_COLUMNS} FROM seconds_orders o JOIN last ON last.symbol = o.index_symbol
     WHERE o.status = 'trading' AND o.delivery_at <= $1::timestamptz
       AND (o.delivery_at <= $1::timestamptz - make_interval(secs => $2::double precision) OR last.ts > o.delivery_at)
     ORDER BY o.delivery_at, o.id LIMIT $3`,
    [at, grace, limit],
  );
  if (due.length >= limit) return due;
  const unbought = await q.query<OrderRow>(
    `SELECT ${ORDER_COLUMNS} FROM seconds_orders o
     WHERE o.status = 'opening' AND o.accepted_at + make_interval(secs => $4::double precision) <= $1::timestamptz
       AND (o.accepted_at + make_interval(secs => $4::double precision) <= $1::timestamptz - make_interval(secs => $2::double precision)
         OR EXISTS (SELECT 1 FROM index_history t WHERE t.symbol = o.index_symbol
                    AND t.ts > o.accepted_at + make_interval(secs => $4::double precision)))
     ORDER BY o.accepted_at, o.id LIMIT $3`,
    [at, grace, limit - due.length, START_WINDOW_S],
  );
  return [...due, ...unbought];
}

/**
 * The settlement tick of each (index, buy time, delivery) among `rows`: the last stored tick after
 * the buy tick and at or before delivery (ties at one time broken by price, then source, so the
 * choice never depends on the storage's order), or none. Contracts bought on the same tick of the
 * same index for the same period share it, so it is looked up once for them all.
 */
async function settlementTicks(q: Queryable, rows: OrderRow[]): Promise<Map<string, Found>> {
  const keys = new Map<string, { symbol: string; from: string; to: string }>();
  for (const r of rows) {
    if (!r.buy_ts || !r.delivery_at) continue;
    const key = tickKey(r.index_symbol, r.buy_ts, r.delivery_at);
    if (!keys.has(key))
      keys.set(key, {
        symbol: r.index_symbol,
        from: new Date(r.buy_ts).toISOString(),
        to: new Date(r.delivery_at).toISOString(),
      });
  }
  if (keys.size === 0) return new Map();
  const list = [...keys.values()];
  const found = await q.query<{
    symbol: string;
    from_ts: Date;
    to_ts: Date;
    price: string;
    ts: Date;
    source: string;
  }>(
    `SELECT k.symbol, k.from_ts, k.to_ts, t.price::text AS price, t.ts, t.source
     FROM unnest($1::text[], $2::timestamptz[], $3::timestamptz[]) AS k (symbol, from_ts, to_ts)
     CROSS JOIN LATERAL (
       SELECT max(ts) AS ts FROM index_history WHERE symbol = k.symbol AND ts > k.from_ts AND ts <= k.to_ts) m
     CROSS JOIN LATERAL (
       SELECT price, ts, source FROM index_history WHERE symbol = k.symbol AND ts = m.ts
       ORDER BY price DESC, source DESC LIMIT 1) t`,
    [list.map((k) => k.symbol), list.map((k) => k.from), list.map((k) => k.to)],
  );
  return new Map(
    found.map((f) => [tickKey(f.symbol, f.from_ts, f.to_ts), { price: f.price, ts: f.ts, source: f.source }]),
  );
}

const tickKey = (symbol: string, from: Date, to: Date) =>
  `${symbol}\u0000${new Date(from).getTime()}\u0000${new Date(to).getTime()}`;

function settlementOf(ticks: Map<string, Found>, r: OrderRow): Found | null {
  if (!r.buy_ts || !r.delivery_at) return null;
  return ticks.get(tickKey(r.index_symbol, r.buy_ts, r.delivery_at)) ?? null;
}

/** The outcome of one contract from its stored buy tick and the settlement tick found for it. */
export function decide(row: OrderRow, settle: { price: string; ts: Date; source: string } | null): Decision {
  const stake = parseUnits(row.stake);
  const outcome: SecondsOutcome =
    row.buy_price === null || row.buy_ts === null
      ? NO_START
      : secondsOutcome(
          row.direction,
          { price: parseUnits(row.buy_price), ts: new Date(row.buy_ts).getTime(), source: row.buy_source },
          settle
            ? { price: parseUnits(settle.price), ts: new Date(settle.ts).getTime(), source: settle.source }
            : null,
        );
  const { returned, pnl } = secondsSettlement(outcome, stake, parseUnits(row.ratio), STAKE_DECIMALS);
  return {
    row,
    outcome,
    settle: outcome.result === 'refund' && outcome.reason !== 'equal' ? null : settle,
    returned,
    pnl,
  };
}

/**
 * Settles what is due at `now` in one transaction (`q`): buy ticks first, then each ready contract
 * from its stored ticks, its money moved by one posting (stake released and the dealer's payout, or
 * the stake paid to the dealer), its row completed with the ticks and the result. Contracts locked
 * by another settler: it waits for the next round, so the timer and the job never settle one twice.
 */
export async function settleDue(
  q: Queryable,
  now: Date,
  limit = SETTLE_BATCH,
): Promise<{ bought: OrderRow[]; settled: OrderRow[]; balances: BalanceAfter[] }> {
  // One settler at a time across processes (the timer beside the engines, the job wherever jobs
  // run): the other finds the lock taken and leaves the work to it. Cheaper than locking each row.
  const [lock] = await q.query<{ ok: boolean }>(
    'SELECT pg_try_advisory_xact_lock($1, $2) AS ok',
    SETTLER_LOCK,
  );
  if (!lock?.ok) return { bought: [], settled: [], balances: [] };
  const bought = await takeBuyTicks(q, limit);
  const ready = await readyToSettle(q, now, limit);
  if (ready.length === 0) return { bought, settled: [], balances: [] };
  const ticks = await settlementTicks(q, ready);
  const decisions = ready.map((r) => decide(r, settlementOf(ticks, r)));
  const postings: Posting[] = decisions.map((d) => ({
    realm: d.row.realm,
    kind: 'seconds.settle',
    reference: d.row.id,
    subject: d.row.symbol,
    legs: secondsSettlementLegs(
      userAccount(d.row.user_id, SECONDS_ACCOUNT),
      DEALER,
      d.row.asset,
      parseUnits(d.row.stake),
      d.outcome,
      d.pnl,
    ),
  }));
  const { outcomes, balances } = await postBatch(q, postings, 'all');
  const journals = outcomes.map((o) => ('journalId' in o ? o.journalId : null));
  const settledAt = now.toISOString();
  const settled: OrderRow[] = decisions.map((d) => ({
    ...d.row,
    status: 'completed',
    result: d.outcome.result,
    refund_reason: d.outcome.result === 'refund' ? d.outcome.reason : null,
    settle_price: d.settle?.price ?? null,
    settle_ts: d.settle?.ts ?? null,
    settle_source: d.settle?.source ?? null,
    returned: formatUnits(d.returned),
    pnl: formatUnits(d.pnl),
    settled_at: now,
  }));
  // The rows are written as decided; the events are made from the same values (no RETURNING to decode).
  await q.query(
    `UPDATE seconds_orders o SET status = 'completed', result = v.result, refund_reason = v.reason,
       settle_price = v.price, settle_ts = v.ts, settle_source = v.source, returned = v.returned, pnl = v.pnl,
       settle_journal_id = v.journal, settled_at = $9::timestamptz
     FROM unnest($1::bigint[], $2::text[], $3::text[], $4::numeric[], $5::timestamptz[], $6::text[], $7::numeric[], $8::numeric[], $10::bigint[])
       AS v (id, result, reason, price, ts, source, returned, pnl, journal)
     WHERE o.id = v.id`,
    [
      settled.map((r) => r.id),
      settled.map((r) => r.result),
      settled.map((r) => r.refund_reason),
      settled.map((r) => r.settle_price),
      settled.map((r) => (r.settle_ts ? new Date(r.settle_ts).toISOString() : null)),
      settled.map((r) => r.settle_source),
      settled.map((r) => r.returned),
      settled.map((r) => r.pnl),
      settledAt,
      journals,
    ],
  );
  return { bought, settled, balances };
}

/**
 * What the stored ticks decide for these settled or due contracts, without writing anything: the
 * same path the settler takes (honesty tests settle twice and compare; nothing else calls it).
 */
export async function replay(q: Queryable, ids: string[]): Promise<Decision[]> {
  const rows = await q.query<
    OrderRow & { b_price: string | null; b_ts: Date | null; b_source: string | null } & {
      t_price: string | null;
      t_ts: Date | null;
      t_source: string | null;
    }
  >(
    `SELECT ${ORDER_COLUMNS}, b.price::text AS b_price, b.ts AS b_ts, b.source AS b_source,
       t.price::text AS t_price, t.ts AS t_ts, t.source AS t_source
     FROM seconds_orders o
     LEFT JOIN LATERAL (
       SELECT price, ts, source FROM index_history WHERE symbol = o.index_symbol AND ts > o.accepted_at
         AND ts <= o.accepted_at + make_interval(secs => $2::double precision)
       ORDER BY ts, price, source LIMIT 1) b ON true
     LEFT JOIN LATERAL (
       SELECT price, ts, source FROM index_history
       WHERE symbol = o.index_symbol AND ts > b.ts AND ts <= b.ts + make_interval(secs => o.period)
       ORDER BY ts DESC, price DESC, source DESC LIMIT 1) t ON true
     WHERE o.id = ANY($1::bigint[]) ORDER BY o.id`,
    [ids, START_WINDOW_S],
  );
  return rows.map((r) =>
    decide(
      { ...r, buy_price: r.b_price, buy_ts: r.b_ts, buy_source: r.b_source },
      r.t_price !== null && r.t_ts !== null
        ? { price: r.t_price, ts: r.t_ts, source: r.t_source ?? '' }
        : null,
    ),
  );
}

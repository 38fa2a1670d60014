import {
  closeLegs,
  formatUnits,
  insuranceCover,
  type Leg,
  liquidationLegs,
  notionalOf,
  parseUnits,
  platformAccount,
  type QuoteConversion,
  releaseLegs,
  type Units,
} from '@otc/core';
import type { Realm } from '@otc/protocol/ledger/schemas';
import type { Queryable } from '../db/db.ts';
import type { Params } from '../db/params.ts';
import { notify } from '../notifications/index.ts';
import { insertTradeActivity, type TradeActivity } from '../platform/trade-activity.ts';
import { type BalanceAfter, lockBalances, type Posting, postBatch } from '../postings/index.ts';
import { closeRecords, insertCloses } from './closes.ts';
import { ASSET, contractOf, openingLegs } from './legs.ts';
import { ORDER_COLUMNS, type PositionOrderRow, type PositionRow } from './rows.ts';
import type { PositionFill } from './state.ts';

/**
 * Writing what a batch of one book's orders did (in the engine's transaction): the positions they
 * opened, changed or closed, the ledger's postings (fees, stamp duty, margins, PnL against the
 * dealer, liquidation fees and deficits), the orders' new state, trade activity records and the
 * liquidation notices.
 */

/** A position a batch opened, changed or closed, as it stands after the commit. */
export interface PositionChange {
  change: 'open' | 'changed' | 'closed';
  position: PositionRow;
}

export interface SettledBatch {
  orders: PositionOrderRow[];
  positions: PositionChange[];
  balances: BalanceAfter[];
  /** Users told of a liquidation (their unread count to announce). */
  noticed: string[];
}

/** The activity product of a leveraged fill: perpetuals are `contract`, CFDs `stock` (the seed's names). */
const productOf = (o: PositionOrderRow): TradeActivity['product'] =>
  o.product === 'perp' ? 'contract' : 'stock';

export async function settleFills(
  q: Queryable,
  realm: Realm,
  fills: PositionFill[],
  at: Date,
  /** A position the batch opened has its id now. */
  named: (row: PositionRow) => void,
): Promise<SettledBatch> {
  const positions = [...new Set(fills.flatMap(touched))];
  const opened = await writePositions(q, positions, at, named);
  // Each close's own record (size, price, fee, PnL, trigger): the history lists partial closes.
  await insertCloses(q, closeRecords(fills, at));
  const fund = fills.some((f) => f.kind === 'liquidate' && f.outcome.deficit > 0n)
    ? await lockInsurance(q, realm, fills)
    : 0n;
  // The fund's balance as the batch's postings leave it: each liquidation's fee comes in, its cover goes out.
  let fundNow = fund;
  const postings: Posting[] = [];
  const activity: (TradeActivity & { posting: number })[] = [];
  const noticed: string[] = [];
  const orders: PositionOrderRow[] = [];
  const post = (o: PositionOrderRow, kind: Posting['kind'], legs: Leg[], subject = o.symbol) => {
    if (legs.length > 0) postings.push({ realm, kind, reference: o.id, subject, legs });
    return postings.length - 1;
  };
  // The traded notional in USDT (the quote converted at the fill), as volume counts it.
  const traded = (o: PositionOrderRow, posting: number, price: Units, conv: QuoteConversion, fee: Units) =>
    activity.push({
      userId: o.user_id,
      product: productOf(o),
      symbol: o.symbol,
      realm,
      notional: formatUnits(notionalOf(parseUnits(o.lots), price, conv)),
      fee: formatUnits(fee),
      posting,
    });
  for (const f of fills) {
    const o = f.order;
    orders.push(o);
    o.updated_at = at;
    if (f.kind === 'reject') {
      const release = releaseLegs(contractOf(o.user_id), ASSET, parseUnits(o.frozen));
      if (release) post(o, 'position.release', release);
      Object.assign(o, { status: 'rejected', reason: f.reason, frozen: '0' });
      continue;
    }
    Object.assign(o, { status: 'filled', fill_price: formatUnits(f.price), position_id: f.position.id });
    if (f.kind === 'open') {
      const legs = openingLegs(o.user_id, f.cost, parseUnits(o.frozen));
      const n = post(o, 'position.open', legs.open);
      post(o, 'position.stamp_duty', legs.stampDuty, 'stamp_duty');
      // The order's margin is the position's now: the order holds nothing.
      o.frozen = '0';
      if (n >= 0) traded(o, n, f.price, f.conv, f.cost.fee + f.cost.stampDuty);
    } else if (f.kind === 'close') {
      const n = post(o, 'position.close', closeLegs(o.user_id, f.outcome));
      if (n >= 0) traded(o, n, f.price, f.conv, f.outcome.fee);
    } else if (f.kind === 'liquidate') {
      post(o, 'position.liquidation', liquidationLegs(o.user_id, f.outcome, fundNow));
      fundNow += f.outcome.fee - insuranceCover(f.outcome.deficit, fundNow);
      await notify(q, o.user_id, {
        kind: 'position.liquidated',
        params: {
          symbol: o.symbol,
          side: f.position.side,
          lots: o.lots,
          price: formatUnits(f.price),
          toUser: formatUnits(f.outcome.toUser),
        },
        link: '/pages/futures/Holding',
      });
      noticed.push(o.user_id);
    } else {
      const n = post(o, 'position.close', closeLegs(o.user_id, f.outcome));
      if (n >= 0) traded(o, n, f.price, f.conv, f.outcome.fee);
      const legs = openingLegs(o.user_id, f.cost, 'fromAvailable');
      const m = post(o, 'position.open', legs.open);
      post(o, 'position.stamp_duty', legs.stampDuty, 'stamp_duty');
      if (m >= 0) traded(o, m, f.price, f.conv, f.cost.fee + f.cost.stampDuty);
      o.position_id = f.opened.id;
    }
  }
  // Guarded (decision 0148): every order is still live, or the whole batch is refused.
  const { balances } = await postBatch(
    q,
    postings,
    'all',
    (_, sql) => [
      updateOrders(orders, sql),
      ...(activity.length > 0 ? [insertTradeActivity(activity, sql, at)] : []),
    ],
    undefined,
    { body: 0, rows: orders.length },
  );
  const changes = positions.map(
    (p): PositionChange => ({
      change: p.status === 'closed' ? 'closed' : opened.has(p) ? 'open' : 'changed',
      position: { ...p },
    }),
  );
  return { orders, positions: changes, balances, noticed };
}

const touched = (f: PositionFill): PositionRow[] =>
  f.kind === 'reject' ? [] : f.kind === 'reverse' ? [f.position, f.opened] : [f.position];

/**
 * The insurance fund's balance in the realm (what it can pay of deficits before the dealer receives
 * less), locked to the end of the batch's transaction: two instruments' engines liquidating at once
 * would otherwise both spend the same money, driving the fund below zero. Every balance the batch
 * can post to is locked with it, in postBatch's id order, so the two never wait on each other in a circle.
 */
async function lockInsurance(q: Queryable, realm: Realm, fills: PositionFill[]): Promise<Units> {
  const users = new Set(fills.map((f) => f.order.user_id));
  const platform = (['insurance', 'dealer', 'fees'] as const).map((k) => platformAccount(k));
  const locked = await lockBalances(
    q,
    [...platform, ...[...users].map(contractOf)].map((account) => ({ realm, account, asset: ASSET })),
  );
  return locked.find((b) => b.account === platformAccount('insurance'))?.available ?? 0n;
}

/**
 * Writes the batch's positions as they stand after it: the existing ones first (a closed one frees
 * its side for a new one), then the new ones, which get their ids.
 */
async function writePositions(
  q: Queryable,
  rows: PositionRow[],
  at: Date,
  named: (row: PositionRow) => void,
): Promise<Set<PositionRow>> {
  const existing = rows.filter((r) => r.id !== '');
  const fresh = rows.filter((r) => r.id === '');
  // Memory holds what the database does: a new position opens at the batch's time.
  for (const r of rows) r.updated_at = at;
  for (const r of fresh) r.opened_at = at;
  if (existing.length > 0) {
    const col = <K extends keyof PositionRow>(k: K) => existing.map((r) => r[k]);
    await q.query(
      // A funding charge committed since the engine read the position moved its margin (and its
      // funding total) in the database: keep that move rather than write back the older margin.
      `UPDATE positions p SET lots = v.lots, entry_price = v.entry_price, margin = v.margin - (p.funding - v.funding),
         tp = v.tp, sl = v.sl, close_out = v.close_out,
         fees = v.fees, stamp_duty = v.stamp_duty, realised_pnl = v.realised_pnl, close_price = v.close_price,
         close_reason = v.close_reason, status = v.status, closed_at = v.closed_at, updated_at = $12
       FROM unnest($1::bigint[], $2::numeric[], $3::numeric[], $4::numeric[], $5::numeric[], $6::numeric[], $7::numeric[],
         $8::numeric[], $9::numeric[], $10::numeric[], $11::text[], $13::text[], $14::timestamptz[], $15::numeric[],
         $16::numeric[])
         AS v (id, lots, entry_price, margin, tp, sl, fees, stamp_duty, realised_pnl, close_price, close_reason, status,
           closed_at, funding, close_out)
       WHERE p.id = v.id`,
      [
        col('id'),
        col('lots'),
        col('entry_price'),
        col('margin'),
        col('tp'),
        col('sl'),
        col('fees'),
        col('stamp_duty'),
        col('realised_pnl'),
        col('close_price'),
        col('close_reason'),
        at,
        col('status'),
        existing.map((r) => (r.closed_at ? new Date(r.closed_at).toISOString() : null)),
        col('funding'),
        col('close_out'),
      ],
    );
  }
  for (const r of fresh) {
    const [row] = await q.query<{ id: string }>(
      `INSERT INTO positions (user_id, realm, symbol, product, side, lots, entry_price, leverage, margin, tp, sl, fees,
         stamp_duty, realised_pnl, close_price, close_reason, status, opened_at, closed_at, updated_at, close_out)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $18, $20)
       RETURNING id::text AS id`,
      [
        r.user_id,
        r.realm,
        r.symbol,
        r.product,
        r.side,
        r.lots,
        r.entry_price,
        r.leverage,
        r.margin,
        r.tp,
        r.sl,
        r.fees,
        r.stamp_duty,
        r.realised_pnl,
        r.close_price,
        r.close_reason,
        r.status,
        at,
        r.closed_at,
        r.close_out,
      ],
    );
    r.id = (row as { id: string }).id;
    named(r);
  }
  return new Set(fresh);
}

/**
 * The statement (a CTE body of the postings' statement) that writes the orders' new state: only
 * orders still live (new or open), so an order another writer filled or cancelled meanwhile is not
 * filled again; it returns the rows it updated, and the caller compares their count.
 */
function updateOrders(orders: PositionOrderRow[], sql: Params): string {
  const col = <K extends keyof PositionOrderRow>(k: K) => sql.p(orders.map((o) => o[k]));
  return `UPDATE position_orders o SET status = v.status, fill_price = v.fill_price, frozen = v.frozen,
      position_id = v.position_id, reason = v.reason, updated_at = v.updated_at
    FROM unnest(${col('id')}::bigint[], ${col('status')}::text[], ${col('fill_price')}::numeric[], ${col('frozen')}::numeric[],
      ${col('position_id')}::bigint[], ${col('reason')}::text[], ${col('updated_at')}::timestamptz[])
      AS v (id, status, fill_price, frozen, position_id, reason, updated_at)
    WHERE o.id = v.id AND o.status IN ('new', 'open')
    RETURNING o.id`;
}

/** Cancels resting or unmatched orders, releasing what they hold. */
export async function cancelOrders(
  q: Queryable,
  realm: Realm,
  ids: string[],
  reason: string | null,
  at: Date,
): Promise<{ orders: PositionOrderRow[]; balances: BalanceAfter[] }> {
  const live = await q.query<PositionOrderRow>(
    `SELECT ${ORDER_COLUMNS} FROM position_orders WHERE id = ANY($1::bigint[]) AND status IN ('new', 'open')
     ORDER BY position_orders.id FOR UPDATE`,
    [ids],
  );
  const releases: Posting[] = [];
  for (const o of live) {
    const legs = releaseLegs(contractOf(o.user_id), ASSET, parseUnits(o.frozen));
    if (legs) releases.push({ realm, kind: 'position.release', reference: o.id, subject: o.symbol, legs });
  }
  const { balances } = await postBatch(q, releases, 'all');
  const orders = await q.query<PositionOrderRow>(
    `UPDATE position_orders SET status = 'cancelled', frozen = 0, reason = $2, updated_at = $3
     WHERE id = ANY($1::bigint[]) RETURNING ${ORDER_COLUMNS}`,
    [live.map((o) => o.id), reason, at],
  );
  return { orders, balances };
}

import { canonicalDecimal, closesSummary, formatUnits, parseUnits } from '@otc/core';
import type { PositionClose } from '@otc/protocol/positions/schemas';
import type { Queryable } from '../db/db.ts';
import type { PositionRow } from './rows.ts';
import type { PositionFill } from './state.ts';

/**
 * Each close of a position as its own record (table position_closes, migration 032): the history
 * lists a position's partial closes with their size, price, fee and PnL, and adds them up to the
 * closed size and the average exit (the position row ends at 0 lots and 0 margin).
 */

interface CloseRecord {
  position_id: string;
  order_id: string;
  lots: string;
  price: string;
  fee: string | null;
  realised_pnl: string | null;
  reason: NonNullable<PositionRow['close_reason']>;
  trigger_price: string | null;
  closed_at: Date;
}

/** The closes a batch's fills made, as settled (the positions have their ids by now). */
export function closeRecords(fills: readonly PositionFill[], at: Date): CloseRecord[] {
  const records: CloseRecord[] = [];
  for (const f of fills) {
    if (f.kind !== 'close' && f.kind !== 'liquidate' && f.kind !== 'reverse') continue;
    const reason =
      f.kind === 'liquidate'
        ? 'liquidation'
        : f.kind === 'reverse'
          ? 'reverse'
          : (f.order.close_reason ?? 'user');
    // The close fills the order's lots; a reverse and a liquidation take every lot.
    const lots = f.kind === 'close' ? parseUnits(f.order.lots) : f.before.lots;
    const trigger = reason === 'tp' ? f.position.tp : reason === 'sl' ? f.position.sl : null;
    records.push({
      position_id: f.position.id,
      order_id: f.order.id,
      lots: formatUnits(lots),
      price: formatUnits(f.price),
      fee: formatUnits(f.outcome.fee),
      realised_pnl: formatUnits(f.outcome.realisedPnl),
      reason,
      trigger_price: trigger,
      closed_at: at,
    });
  }
  return records;
}

export async function insertCloses(q: Queryable, records: readonly CloseRecord[]): Promise<void> {
  if (records.length === 0) return;
  const col = <K extends keyof CloseRecord>(k: K) => records.map((r) => r[k]);
  await q.query(
    `INSERT INTO position_closes (position_id, order_id, lots, price, fee, realised_pnl, reason, trigger_price, closed_at)
     SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::numeric[], $4::numeric[], $5::numeric[], $6::numeric[],
       $7::text[], $8::numeric[], $9::timestamptz[])`,
    [
      col('position_id'),
      col('order_id'),
      col('lots'),
      col('price'),
      col('fee'),
      col('realised_pnl'),
      col('reason'),
      col('trigger_price'),
      records.map((r) => r.closed_at.toISOString()),
    ],
  );
}

/** The closes of these positions, oldest first, by position. */
export async function closesOf(
  q: Queryable,
  positionIds: readonly string[],
): Promise<Map<string, PositionClose[]>> {
  const by = new Map<string, PositionClose[]>();
  if (positionIds.length === 0) return by;
  const rows = await q.query<{
    position_id: string;
    order_id: string;
    lots: string;
    price: string;
    fee: string | null;
    realised_pnl: string | null;
    reason: PositionClose['reason'];
    trigger_price: string | null;
    closed_at: Date;
  }>(
    `SELECT position_id::text AS position_id, order_id::text AS order_id, lots::text AS lots, price::text AS price,
       fee::text AS fee, realised_pnl::text AS realised_pnl, reason, trigger_price::text AS trigger_price, closed_at
     FROM position_closes WHERE position_id = ANY($1::bigint[]) ORDER BY id`,
    [positionIds],
  );
  const text = (v: string | null) => (v === null ? null : canonicalDecimal(v));
  for (const r of rows) {
    const list = by.get(r.position_id) ?? [];
    list.push({
      orderId: r.order_id,
      lots: canonicalDecimal(r.lots),
      price: canonicalDecimal(r.price),
      fee: text(r.fee),
      realisedPnl: text(r.realised_pnl),
      reason: r.reason,
      triggerPrice: text(r.trigger_price),
      closedAt: new Date(r.closed_at).getTime(),
    });
    by.set(r.position_id, list);
  }
  return by;
}

/** A position's closes added up: the lots closed and the average exit price (null before any close). */
export function closedFigures(closes: readonly PositionClose[]): {
  closedLots: string;
  exitPrice: string | null;
} {
  const s = closesSummary(closes.map((c) => ({ lots: parseUnits(c.lots), price: parseUnits(c.price) })));
  return {
    closedLots: formatUnits(s.closedLots),
    exitPrice: s.exitPrice === null ? null : formatUnits(s.exitPrice),
  };
}

import {
  ALERT_ACTIVE_MAX,
  ALERT_PERCENT_MAX,
  ALERT_PERCENT_MIN,
  alertDirection,
  alertTarget,
  canonicalDecimal,
  formatUnits,
  parseUnits,
} from '@otc/core';
import type { AddAlertBody, Alert, AlertList } from '@otc/protocol/alerts/schemas';
import type { AppContext } from '../context.ts';
import { fail, failField } from '../http/errors.ts';
import type { MarketHub } from '../market/index.ts';
import * as sql from './queries.ts';
import { announceAlert } from './watch.ts';

const iso = (d: Date | null) => (d === null ? null : new Date(d).toISOString());
const decimal = (v: string | null) => (v === null ? null : canonicalDecimal(v));

export function alertOf(r: sql.AlertRow): Alert {
  return {
    id: r.id,
    symbol: r.symbol,
    condition: r.condition,
    percent: decimal(r.percent),
    basePrice: canonicalDecimal(r.base_price),
    target: canonicalDecimal(r.target),
    status: r.status,
    createdAt: new Date(r.created_at).toISOString(),
    triggeredAt: iso(r.triggered_at),
    triggeredPrice: decimal(r.triggered_price),
  };
}

export async function listAlerts(ctx: AppContext, userId: string, symbol?: string): Promise<AlertList> {
  const rows = await sql.userAlerts(ctx.db, userId, symbol ?? null);
  return {
    items: rows.map(alertOf),
    active: rows.filter((r) => r.status === 'active').length,
    max: ALERT_ACTIVE_MAX,
  };
}

/**
 * A new alert on any instrument with an index price, measured against that price now: the core's
 * rules decide its threshold or refuse it; the limit is counted under the user's lock, so two adds
 * at once cannot pass it together. Every refusal changes nothing.
 */
export async function addAlert(
  ctx: AppContext,
  hub: MarketHub,
  userId: string,
  body: AddAlertBody,
): Promise<Alert> {
  const instrument = hub.instrument(body.symbol);
  if (!instrument) failField('alert_instrument_unknown', 'symbol', { symbol: body.symbol });
  const now = hub.price(body.symbol);
  if (now === undefined) fail('alert_no_price', { symbol: body.symbol });
  const percentCondition = body.condition === 'up_percent' || body.condition === 'down_percent';
  const decided = alertTarget(
    body.condition,
    percentCondition
      ? { percent: parseUnits(body.percent ?? '0') }
      : { price: parseUnits(body.price ?? '0') },
    parseUnits(now),
    parseUnits(instrument.tickSize),
  );
  if ('refusal' in decided)
    failField(decided.refusal, percentCondition ? 'percent' : 'price', {
      price: now,
      tick: canonicalDecimal(instrument.tickSize),
      min: ALERT_PERCENT_MIN,
      max: ALERT_PERCENT_MAX,
    });
  const row = await ctx.db.tx(async (q) => {
    await sql.lockUser(q, userId);
    if ((await sql.activeCount(q, userId)) >= ALERT_ACTIVE_MAX)
      fail('alert_limit', { max: String(ALERT_ACTIVE_MAX) });
    return sql.insertAlert(q, {
      userId,
      symbol: body.symbol,
      condition: body.condition,
      percent: percentCondition ? canonicalDecimal(body.percent ?? '0') : null,
      basePrice: now,
      target: formatUnits(decided.target),
      now: ctx.clock.date(),
    });
  });
  announceAlert(ctx.bus, {
    add: { id: row.id, symbol: row.symbol, target: row.target, fires: alertDirection(row.condition) },
  });
  return alertOf(row);
}

/** Deletes one of the caller's alerts (active or triggered); another user's is as unknown as a missing one. */
export async function deleteAlert(ctx: AppContext, userId: string, id: string) {
  const row = await sql.deleteAlert(ctx.db, userId, id);
  if (!row) fail('alert_not_found');
  if (row.status === 'active') announceAlert(ctx.bus, { remove: row.id });
  return { id: row.id, deleted: true as const };
}

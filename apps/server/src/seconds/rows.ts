import {
  canonicalDecimal,
  formatUnits,
  parseUnits,
  type SecondsRefundReason,
  secondsPayout,
} from '@otc/core';
import type { SecondsOrder, SecondsTick } from '@otc/protocol/seconds/schemas';

/** A `seconds_orders` row as the queries select it (numbers as NUMERIC text, times as Dates). */
export interface OrderRow {
  id: string;
  user_id: string;
  realm: 'live' | 'demo';
  symbol: string;
  index_symbol: string;
  direction: 'up' | 'down';
  period: number;
  ratio: string;
  stake: string;
  asset: string;
  status: 'opening' | 'trading' | 'completed';
  accepted_at: Date;
  buy_price: string | null;
  buy_ts: Date | null;
  buy_source: string | null;
  delivery_at: Date | null;
  settle_price: string | null;
  settle_ts: Date | null;
  settle_source: string | null;
  result: 'win' | 'loss' | 'refund' | null;
  refund_reason: SecondsRefundReason | null;
  returned: string | null;
  pnl: string | null;
  settled_at: Date | null;
}

export const ORDER_COLUMNS = `o.id::text AS id, o.user_id::text AS user_id, o.realm, o.symbol, o.index_symbol, o.direction,
  o.period, o.ratio::text AS ratio, o.stake::text AS stake, o.asset, o.status, o.accepted_at,
  o.buy_price::text AS buy_price, o.buy_ts, o.buy_source, o.delivery_at,
  o.settle_price::text AS settle_price, o.settle_ts, o.settle_source, o.result, o.refund_reason,
  o.returned::text AS returned, o.pnl::text AS pnl, o.settled_at`;

/** The decimals the payout is rounded to: USDT's (the only asset the product takes). */
export const STAKE_DECIMALS = 6;

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

function tickOf(price: string | null, ts: Date | null, source: string | null): SecondsTick | null {
  if (price === null || ts === null) return null;
  return { price: canonicalDecimal(price), ts: new Date(ts).toISOString(), source };
}

/**
 * The order as the API shows it. `settling` is not stored: a contract whose delivery time passed is
 * waiting for its settlement, which the settler writes within about a second.
 */
export function toOrder(r: OrderRow, now: number): SecondsOrder {
  const status =
    r.status === 'trading' && r.delivery_at && new Date(r.delivery_at).getTime() <= now
      ? 'settling'
      : r.status;
  return {
    id: r.id,
    symbol: r.symbol,
    direction: r.direction,
    period: r.period,
    ratio: canonicalDecimal(r.ratio),
    stake: canonicalDecimal(r.stake),
    asset: r.asset,
    winPayout: formatUnits(secondsPayout(parseUnits(r.stake), parseUnits(r.ratio), STAKE_DECIMALS)),
    status,
    acceptedAt: new Date(r.accepted_at).toISOString(),
    buy: tickOf(r.buy_price, r.buy_ts, r.buy_source),
    deliveryAt: iso(r.delivery_at),
    settle: tickOf(r.settle_price, r.settle_ts, r.settle_source),
    result: r.result,
    refundReason: r.refund_reason,
    returned: r.returned === null ? null : canonicalDecimal(r.returned),
    pnl: r.pnl === null ? null : canonicalDecimal(r.pnl),
    settledAt: iso(r.settled_at),
  };
}

import { averagePrice, canonicalDecimal, formatUnits, type OrderStatus, parseUnits } from '@otc/core';
import type { SpotOrder } from '@otc/protocol/spot/schemas';

export interface OrderRow {
  id: string;
  user_id: string;
  realm: 'live' | 'demo';
  symbol: string;
  side: 'buy' | 'sell';
  type: 'limit' | 'market';
  price: string | null;
  qty: string;
  filled: string;
  quote_filled: string;
  fee: string;
  frozen_asset: string;
  frozen: string;
  status: OrderStatus;
  created_at: Date;
  updated_at: Date;
}

export const ORDER_COLUMNS = `id::text AS id, user_id::text AS user_id, realm, symbol, side, type, price::text AS price,
  qty::text AS qty, filled::text AS filled, quote_filled::text AS quote_filled, fee::text AS fee, frozen_asset,
  frozen::text AS frozen, status, created_at, updated_at`;

/** The order as users see it; a 'new' order (not matched yet) shows as open. */
export function toSpotOrder(r: OrderRow): SpotOrder {
  const filled = canonicalDecimal(r.filled);
  return {
    id: r.id,
    symbol: r.symbol,
    side: r.side,
    type: r.type,
    price: r.price === null ? null : canonicalDecimal(r.price),
    qty: canonicalDecimal(r.qty),
    filled,
    avgPrice:
      filled === '0' ? null : formatUnits(averagePrice(parseUnits(r.quote_filled), parseUnits(filled))),
    fee: canonicalDecimal(r.fee),
    status: r.status === 'new' ? 'open' : r.status,
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

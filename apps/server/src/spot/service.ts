import { canonicalDecimal, fitsLedger, priceTicks, qtyLots, quoteUnits } from '@otc/core';
import type { Realm } from '@otc/protocol/ledger/schemas';
import type { PlaceSpotOrderBody, SpotOrder } from '@otc/protocol/spot/schemas';
import type { AppContext } from '../context.ts';
import { type PageRequest, paged } from '../db/paged.ts';
import { AppError, fail, failField } from '../http/errors.ts';
import type { MarketHub } from '../market/index.ts';
import { idempotency } from '../postings/index.ts';
import type { SpotEngine } from './engine.ts';
import type { SpotEngines } from './engines.ts';
import { ORDER_COLUMNS, type OrderRow, toSpotOrder } from './rows.ts';

export async function placeOrder(
  engines: SpotEngines,
  market: MarketHub,
  caller: { userId: string; realm: Realm },
  body: PlaceSpotOrderBody,
): Promise<SpotOrder> {
  const idem = idempotency(caller.userId, body.idempotencyKey, {
    op: 'spot.order',
    ...body,
    idempotencyKey: undefined,
  });
  try {
    return toSpotOrder(await enter(engines, market, caller, body, idem));
  } catch (err) {
    // A repeat answers the order its key placed, whatever the market is like now (the book it
    // took may be empty, the market closed). Only a refusal costs this lookup.
    if (!(err instanceof AppError) || err.key === 'idempotency_conflict') throw err;
    const earlier = await engines.intake.earlier(idem);
    if (!earlier) throw err;
    return toSpotOrder(earlier);
  }
}

/** The entry checks, then the intake: durable (funds frozen, order stored) and matched when it answers. */
async function enter(
  engines: SpotEngines,
  market: MarketHub,
  caller: { userId: string; realm: Realm },
  body: PlaceSpotOrderBody,
  idem: { idempotencyKey: string; requestHash: string },
): Promise<OrderRow> {
  if (!market.instruments.has(body.symbol)) failField('not_found', 'symbol');
  const engine = engines.get(body.symbol, caller.realm);
  if (!engine) failField('not_spot_market', 'symbol');
  if (market.status(body.symbol).status !== 'open') fail('market_closed');
  const { spec, instrument } = engine;
  if (body.type === 'limit' && body.price === undefined) failField('price_required', 'price');
  if (body.type === 'market' && body.price !== undefined) failField('price_not_allowed', 'price');
  let ticks: bigint | undefined;
  if (body.price !== undefined) {
    const p = priceTicks(spec, body.price);
    if (!p.ok)
      failField(p.reason === 'off_step' ? 'price_off_tick' : 'field_invalid', 'price', {
        step: instrument.tickSize,
      });
    ticks = p.value;
  }
  const q = qtyLots(spec, body.qty);
  if (!q.ok)
    failField(q.reason === 'off_step' ? 'qty_off_lot' : 'amount_invalid', 'qty', {
      step: instrument.lotSize,
    });
  const lots = q.value;
  const reference = ticks ?? (body.side === 'buy' ? engine.bestAsk() : engine.bestBid());
  if (reference === undefined) fail('no_liquidity');
  if (reference * lots < spec.minTickLots)
    failField('below_min_notional', 'qty', { min: `${instrument.minNotional} ${instrument.quote}` });
  // What the order can cost (its value, the fee and a market order's protection, each far below
  // the value itself) must fit the ledger's columns.
  if (!fitsLedger(2n * quoteUnits(spec, reference, lots))) failField('amount_too_large', 'qty');

  return engines.intake.submit({
    userId: caller.userId,
    engine,
    order: { side: body.side, type: body.type, ticks, lots },
    idem,
  });
}

export async function orderRow(ctx: AppContext, userId: string, id: string): Promise<OrderRow> {
  const [row] = await ctx.db.query<OrderRow>(
    `SELECT ${ORDER_COLUMNS} FROM spot_orders WHERE id = $1 AND user_id = $2`,
    [id, userId],
  );
  if (!row) failField('not_found', 'id');
  return row;
}

export async function cancelOrder(
  ctx: AppContext,
  engines: SpotEngines,
  userId: string,
  id: string,
): Promise<SpotOrder> {
  const order = await orderRow(ctx, userId, id);
  if (order.status !== 'open' && order.status !== 'partial') fail('order_not_open');
  const engine = engines.get(order.symbol, order.realm) as SpotEngine;
  const cancelled = await engine.cancel(id);
  if (!cancelled) fail('order_not_open');
  return toSpotOrder(cancelled);
}

export async function listOrders(
  ctx: AppContext,
  userId: string,
  which: 'open' | 'history',
  filter: PageRequest & { symbol?: string | undefined },
) {
  const params: unknown[] = [userId];
  if (filter.symbol) params.push(filter.symbol);
  const statuses = which === 'open' ? `('new', 'open', 'partial')` : `('filled', 'cancelled')`;
  const { rows, total } = await paged<OrderRow>(
    ctx.db,
    {
      select: ORDER_COLUMNS,
      from: `spot_orders WHERE user_id = $1 AND status IN ${statuses}${filter.symbol ? ' AND symbol = $2' : ''}`,
      orderBy: 'spot_orders.id DESC',
    },
    params,
    filter,
  );
  return { items: rows.map(toSpotOrder), total };
}

export async function orderDetail(ctx: AppContext, userId: string, id: string) {
  const order = await orderRow(ctx, userId, id);
  const fills = await ctx.db.query<{
    id: string;
    price: string;
    qty: string;
    taker_side: 'buy' | 'sell';
    maker_order: string;
    maker_fee: string;
    taker_fee: string;
    created_at: Date;
  }>(
    `SELECT id::text AS id, price::text AS price, qty::text AS qty, taker_side, maker_order::text AS maker_order,
            maker_fee::text AS maker_fee, taker_fee::text AS taker_fee, created_at
     FROM spot_trades WHERE maker_order = $1 OR taker_order = $1 ORDER BY spot_trades.id`,
    [id],
  );
  return {
    order: toSpotOrder(order),
    fills: fills.map((f) => {
      const maker = f.maker_order === id;
      return {
        id: f.id,
        price: canonicalDecimal(f.price),
        qty: canonicalDecimal(f.qty),
        takerSide: f.taker_side,
        fee: canonicalDecimal(maker ? f.maker_fee : f.taker_fee),
        liquidity: maker ? ('maker' as const) : ('taker' as const),
        time: new Date(f.created_at).toISOString(),
      };
    }),
  };
}

export async function recentTrades(ctx: AppContext, realm: 'live' | 'demo', symbol: string, limit: number) {
  const rows = await ctx.db.query<{
    id: string;
    price: string;
    qty: string;
    taker_side: 'buy' | 'sell';
    created_at: Date;
  }>(
    `SELECT id::text AS id, price::text AS price, qty::text AS qty, taker_side, created_at FROM spot_trades
     WHERE symbol = $1 AND realm = $2 ORDER BY spot_trades.id DESC LIMIT $3`,
    [symbol, realm, limit],
  );
  return rows.map((r) => ({
    id: r.id,
    price: canonicalDecimal(r.price),
    qty: canonicalDecimal(r.qty),
    takerSide: r.taker_side,
    time: new Date(r.created_at).toISOString(),
  }));
}

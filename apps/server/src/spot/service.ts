import {
  baseUnits,
  formatUnits,
  freeze,
  mulUnits,
  parseUnits,
  priceTicks,
  qtyLots,
  quoteUnits,
  type Units,
  userAccount,
} from '@otc/core';
import type { PlaceSpotOrderBody, SpotOrder } from '@otc/protocol/spot';
import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/db.ts';
import { type PageRequest, paged } from '../db/paged.ts';
import { fail, failField } from '../http/errors.ts';
import { once } from '../ledger/idempotency.ts';
import { post, saveResult } from '../ledger/post.ts';
import { callerRealm } from '../ledger/service.ts';
import type { MarketHub } from '../market/hub.ts';
import type { SpotEngine } from './engine.ts';
import type { SpotEngines } from './engines.ts';
import { ORDER_COLUMNS, type OrderRow, toSpotOrder } from './rows.ts';

const ONE = parseUnits('1');

async function engineFor(
  ctx: AppContext,
  engines: SpotEngines,
  market: MarketHub,
  userId: string,
  symbol: string,
) {
  const realm = await callerRealm(ctx, userId);
  const spec = market.instruments.get(symbol);
  if (!spec) failField('not_found', 'symbol');
  const engine = engines.get(symbol, realm);
  if (!engine) failField('not_spot_market', 'symbol');
  return { engine, realm };
}

/** What an order must freeze: the base it sells, or the most quote (with fee) its buy can cost. */
function toFreeze(
  engine: SpotEngine,
  side: 'buy' | 'sell',
  ticks: bigint | undefined,
  lots: bigint,
): { asset: string; amount: Units } {
  const { spec, instrument } = engine;
  if (side === 'sell') return { asset: instrument.base, amount: baseUnits(spec, lots) };
  let worst = ticks;
  if (worst === undefined) {
    // A market buy can fill up to the protection bound above the best ask.
    const ask = engine.bestAsk() as bigint;
    worst = (ask * (ONE + spec.protectionUnits) + ONE - 1n) / ONE;
  }
  const quote = quoteUnits(spec, worst, lots);
  // Whether it ends up maker or taker is not known yet: freeze for the higher rate.
  const taker = parseUnits(instrument.takerFee);
  const maker = parseUnits(instrument.makerFee);
  let rate = maker;
  if (taker > maker) rate = taker;
  return { asset: instrument.quote, amount: quote + mulUnits(quote, rate, 'up') };
}

export async function placeOrder(
  ctx: AppContext,
  engines: SpotEngines,
  market: MarketHub,
  userId: string,
  body: PlaceSpotOrderBody,
): Promise<SpotOrder> {
  const { engine } = await engineFor(ctx, engines, market, userId, body.symbol);
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

  const request = { op: 'spot.order', ...body, idempotencyKey: undefined };
  const { id } = await once(ctx.db, userId, body.idempotencyKey, request, (tx, idem) =>
    writeOrder(tx, engine, userId, { side: body.side, type: body.type, ticks, lots }, idem),
  );
  // Durable now: the engine matches it (a repeated request finds it matched already).
  await engine.match(await orderRow(ctx, userId, id));
  return toSpotOrder(await orderRow(ctx, userId, id));
}

export interface NewOrder {
  side: 'buy' | 'sell';
  type: 'limit' | 'market';
  ticks: bigint | undefined;
  lots: bigint;
}

/**
 * Freezes what the order can cost and writes it as 'new', in the caller's transaction. Every order
 * (a user's or the market maker's) goes through here and then through its market's engine.
 */
export async function writeOrder(
  tx: Queryable,
  engine: SpotEngine,
  userId: string,
  o: NewOrder,
  idem: { idempotencyKey: string; requestHash: string } | Record<string, never> = {},
): Promise<{ id: string }> {
  const { spec } = engine;
  const frozen = toFreeze(engine, o.side, o.ticks, o.lots);
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO spot_orders (user_id, realm, symbol, side, type, price, qty, frozen_asset, frozen)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id::text AS id`,
    [
      userId,
      engine.realm,
      engine.instrument.symbol,
      o.side,
      o.type,
      o.ticks === undefined ? null : formatUnits(o.ticks * spec.tickUnits),
      formatUnits(baseUnits(spec, o.lots)),
      frozen.asset,
      formatUnits(frozen.amount),
    ],
  );
  const orderId = row?.id as string;
  const journalId = await post(tx, {
    realm: engine.realm,
    kind: 'spot.freeze',
    reference: orderId,
    legs: freeze(userAccount(userId, 'funding'), frozen.asset, frozen.amount),
    ...idem,
  });
  await saveResult(tx, journalId, { id: orderId });
  return { id: orderId };
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
      orderBy: 'id DESC',
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
     FROM spot_trades WHERE maker_order = $1 OR taker_order = $1 ORDER BY id`,
    [id],
  );
  return {
    order: toSpotOrder(order),
    fills: fills.map((f) => {
      const maker = f.maker_order === id;
      return {
        id: f.id,
        price: formatUnits(parseUnits(f.price)),
        qty: formatUnits(parseUnits(f.qty)),
        takerSide: f.taker_side,
        fee: formatUnits(parseUnits(maker ? f.maker_fee : f.taker_fee)),
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
     WHERE symbol = $1 AND realm = $2 ORDER BY id DESC LIMIT $3`,
    [symbol, realm, limit],
  );
  return rows.map((r) => ({
    id: r.id,
    price: formatUnits(parseUnits(r.price)),
    qty: formatUnits(parseUnits(r.qty)),
    takerSide: r.taker_side,
    time: new Date(r.created_at).toISOString(),
  }));
}

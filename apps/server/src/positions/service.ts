import {
  checkOrder,
  checkTpSl,
  closeOutcome,
  closeOutFloor,
  fillPrice,
  fitsLedger,
  formatUnits,
  isBuy,
  leverageCap,
  openCost,
  type PositionRules,
  parseUnits,
  reserveConversion,
  type Units,
} from '@otc/core';
import type { ErrorKey } from '@otc/protocol/errors';
import type { Realm } from '@otc/protocol/ledger/schemas';
import type { CloseAllSkipReason } from '@otc/protocol/positions/constants';
import type {
  CloseAllResult,
  PlacePositionOrderBody,
  Position,
  PositionOrder,
} from '@otc/protocol/positions/schemas';
import { publishUserEvent } from '../bus/user-channel.ts';
import type { AppContext } from '../context.ts';
import { AppError, fail, failField } from '../http/errors.ts';
import type { Jurisdictions } from '../jurisdiction/index.ts';
import type { MarketHub } from '../market/index.ts';
import { idempotency } from '../postings/index.ts';
import type { PositionEngine } from './engine.ts';
import type { PositionEngines } from './engines.ts';
import type { PositionEvents } from './events.ts';
import { ASSET, contractOf } from './legs.ts';
import {
  closeByKey,
  closesByKeyPrefix,
  contractAvailable,
  insertClose,
  keyTakenByClose,
  type NewClose,
  openPositionsOf,
  positionOf,
} from './queries.ts';
import { type PositionOrderRow, type PositionRow, stateOf, toPosition, toPositionOrder } from './rows.ts';

/**
 * The positions' use cases that need the engines (they run where the engines are: the desk
 * forwards them there). Every refusal is a translated key and leaves nothing frozen or moved.
 */

export type Caller = { userId: string; realm: Realm };
export type Product = 'perp' | 'cfd';

export interface Env {
  ctx: AppContext;
  engines: PositionEngines;
  market: MarketHub;
  events: PositionEvents;
  /** The caller's country caps leverage by class (decision 0146). */
  jurisdictions: Jurisdictions;
}

/** The engine of a perpetual (product perp) or a CFD (cfd) in the caller's realm. */
function engineOf(env: Env, symbol: string, realm: Realm, product?: Product): PositionEngine {
  const engine = env.engines.get(symbol, realm);
  if (!engine || (product !== undefined && engine.product !== product))
    failField('not_position_market', 'symbol');
  return engine;
}

/** Orders and closes happen in the instrument's session only, and never while it is halted. */
function checkTrading(env: Env, symbol: string): void {
  const { status } = env.market.status(symbol);
  if (status === 'closed') fail('market_closed');
  if (status === 'halted') fail('market_halted');
}

function markOf(engine: PositionEngine): Units {
  const mark = engine.mark();
  if (mark === undefined) fail('no_mark_price');
  return mark;
}

const price = (v: string | undefined | null, field: string): Units | null => {
  if (v === undefined || v === null) return null;
  const p = parseUnits(v);
  if (p <= 0n) failField('field_invalid', field);
  return p;
};

/** Opens or adds to a position: market (at the dealer's price now) or a limit entry. Idempotent. */
export async function placeOrder(
  env: Env,
  caller: Caller,
  body: PlacePositionOrderBody,
  product: Product,
): Promise<PositionOrder> {
  const idem = idempotency(caller.userId, body.idempotencyKey, {
    op: 'positions.order',
    ...body,
    idempotencyKey: undefined,
  });
  let row: PositionOrderRow;
  try {
    row = await enter(env, caller, body, product, idem);
  } catch (err) {
    // A repeat answers the order its key placed, whatever the market is like now.
    if (!(err instanceof AppError) || err.key === 'idempotency_conflict') throw err;
    const earlier = await env.engines.intake.earlier(idem);
    if (!earlier) throw err;
    row = earlier;
  }
  return answer(row);
}

/**
 * The answer to a user's order: the order, or, when its fill was refused after all (another order
 * of the book got there first: the exposure cap reached, the position closed), that refusal, with
 * whatever it froze released.
 */
function answer(row: PositionOrderRow): PositionOrder {
  if (row.status === 'rejected' && row.reason) fail(row.reason as ErrorKey);
  return toPositionOrder(row);
}

async function enter(
  env: Env,
  caller: Caller,
  body: PlacePositionOrderBody,
  product: Product,
  idem: { idempotencyKey: string; requestHash: string },
): Promise<PositionOrderRow> {
  const engine = engineOf(env, body.symbol, caller.realm, product);
  const rules = engine.rules();
  checkTrading(env, body.symbol);
  if (body.type === 'limit' && body.price === undefined) failField('price_required', 'price');
  if (body.type === 'market' && body.price !== undefined) failField('price_not_allowed', 'price');
  const lots = parseUnits(body.lots);
  const broken = checkOrder(rules.core, { lots, leverage: body.leverage });
  if (broken === 'leverage_out_of_range')
    failField(broken, 'leverage', { max: String(leverageCap(rules.core)) });
  // The caller's country may cap the class lower (ESMA: 2x on crypto, 30x on major forex...).
  const country = await env.jurisdictions.positionRules(
    caller.userId,
    rules.instrument,
    leverageCap(rules.core),
  );
  const allowed = country.maxLeverage;
  if (body.leverage > allowed) failField('leverage_out_of_range', 'leverage', { max: String(allowed) });
  // ESMA's margin close-out (decision 0150): the position is held to level / leverage at the least.
  const level = country.closeOutLevel;
  const closeOut = closeOutFloor(level === null ? null : parseUnits(level), body.leverage);
  if (broken === 'lots_off_step') failField(broken, 'lots', { step: rules.instrument.lotSize });
  if (broken === 'lots_below_minimum') failField(broken, 'lots', { min: rules.row.minLots });
  const limit = price(body.price, 'price');
  if (limit !== null && limit % rules.core.tickSize !== 0n)
    failField('price_off_tick', 'price', { step: rules.instrument.tickSize });
  const reference = limit ?? fillPrice(rules.core, markOf(engine), body.side === 'long');
  const tp = price(body.tp, 'tp');
  const sl = price(body.sl, 'sl');
  const wrong = checkTpSl(body.side, reference, tp, sl);
  if (wrong) failField(wrong, wrong === 'tp_invalid' ? 'tp' : 'sl');
  const held = engine.positions.ofUser(caller.userId, body.side);
  if (held && held.leverage !== body.leverage)
    failField('position_leverage_mismatch', 'leverage', { leverage: String(held.leverage) });
  // Resting entries count as if filled: the cap holds whichever fills first.
  const pending = engine
    .entries()
    .reduce((sum, o) => sum + (o.side === 'long' ? parseUnits(o.lots) : -parseUnits(o.lots)), 0n);
  const delta = body.side === 'long' ? lots : -lots;
  if (engine.positions.passesCap(pending + delta, rules.exposureCap)) fail('dealer_exposure_cap');
  const conv = engine.conversion();
  if (conv === null) fail('no_mark_price');
  // Reserved at the quote's rate now (a cross's with a cushion for its leg's moves until the fill).
  const cost = openCost(
    rules.core,
    {
      lots,
      price: reservedAt(rules.core, body.side, limit, engine.mark()) ?? reference,
      leverage: body.leverage,
    },
    reserveConversion(conv),
  );
  if (!fitsLedger(2n * cost.notional)) failField('amount_too_large', 'lots');
  if (await keyTakenByClose(env.ctx.db, idem.idempotencyKey)) fail('idempotency_conflict');
  return env.engines.intake.submit({
    userId: caller.userId,
    engine,
    order: {
      side: body.side,
      type: body.type,
      lots: formatUnits(lots),
      price: formatUnits(reference),
      leverage: body.leverage,
      tp: tp === null ? null : formatUnits(tp),
      sl: sl === null ? null : formatUnits(sl),
      prepaid: cost.prepaid,
      closeOut,
    },
    idem,
  });
}

/**
 * The price a short limit entry marketable at placement reserves at: the dealer's bid, above its
 * limit, which it fills at (core's `limitFillPrice`); a higher price costs a short more margin and
 * fee than its limit does. Every other order reserves at its reference price (`null`).
 */
function reservedAt(
  rules: PositionRules,
  side: 'long' | 'short',
  limit: Units | null,
  mark: Units | undefined,
): Units | null {
  if (limit === null || side === 'long' || mark === undefined) return null;
  const dealer = fillPrice(rules, mark, false);
  return dealer > limit ? dealer : null;
}

/** A user's open position of the product, or the refusal. */
async function ownOpen(env: Env, caller: Caller, id: string, product?: Product): Promise<PositionRow> {
  const p = await positionOf(env.ctx.db, id);
  if (!p || p.user_id !== caller.userId || (product !== undefined && p.product !== product))
    failField('not_found', 'id');
  if (p.status !== 'open') fail('position_not_open');
  return p;
}

/** Stores a close (durable first, idempotent by key), then has the engine settle it. */
async function closeThrough(env: Env, engine: PositionEngine, c: NewClose): Promise<PositionOrderRow> {
  const { row, fresh } = await insertClose(env.ctx.db, c, env.ctx.clock.date());
  if (fresh) await engine.match(row);
  return row;
}

/** Closes some or all lots of a position at market. Idempotent. */
export async function closePosition(
  env: Env,
  caller: Caller,
  body: { id: string; lots?: string | undefined; idempotencyKey: string },
  product?: Product,
): Promise<PositionOrder> {
  const idem = idempotency(caller.userId, body.idempotencyKey, {
    op: 'positions.close',
    id: body.id,
    lots: body.lots,
  });
  const p = await ownOpenOrEarlier(env, caller, body.id, product, idem);
  if ('order' in p) return p.order;
  const engine = engineOf(env, p.symbol, p.realm);
  checkTrading(env, p.symbol);
  const held = parseUnits(p.lots);
  const lots = body.lots === undefined ? held : parseUnits(body.lots);
  if (lots <= 0n) failField('field_invalid', 'lots');
  if (lots % engine.rules().core.lotSize !== 0n)
    failField('lots_off_step', 'lots', { step: engine.rules().instrument.lotSize });
  if (lots > held) failField('lots_above_position', 'lots', { lots: formatUnits(held) });
  markOf(engine);
  return answer(
    await closeThrough(env, engine, { position: p, action: 'close', lots, reason: 'user', idem }),
  );
}

/**
 * A repeated request answers its first answer even once the position is closed; otherwise the
 * caller's open position.
 */
async function ownOpenOrEarlier(
  env: Env,
  caller: Caller,
  id: string,
  product: Product | undefined,
  idem: { idempotencyKey: string; requestHash: string },
): Promise<PositionRow | { order: PositionOrder }> {
  try {
    return await ownOpen(env, caller, id, product);
  } catch (err) {
    const row = await closeByKey(env.ctx.db, idem);
    if (row) return { order: answer(row) };
    throw err;
  }
}

/** Closes every lot and opens as many on the other side at the same leverage, in one transaction. */
export async function reversePosition(
  env: Env,
  caller: Caller,
  body: { id: string; idempotencyKey: string },
): Promise<PositionOrder> {
  const idem = idempotency(caller.userId, body.idempotencyKey, { op: 'positions.reverse', id: body.id });
  const p = await ownOpenOrEarlier(env, caller, body.id, undefined, idem);
  if ('order' in p) return p.order;
  const engine = engineOf(env, p.symbol, p.realm);
  checkTrading(env, p.symbol);
  const rules = engine.rules();
  const mark = markOf(engine);
  const lots = parseUnits(p.lots);
  const other = p.side === 'long' ? 'short' : 'long';
  const existing = engine.positions.ofUser(caller.userId, other);
  if (existing && existing.leverage !== p.leverage)
    fail('position_leverage_mismatch', { leverage: String(existing.leverage) });
  if (engine.positions.passesCap(other === 'long' ? 2n * lots : -2n * lots, rules.exposureCap))
    fail('dealer_exposure_cap');
  // The new side is paid from available once the close has paid out: refuse now what cannot be.
  const at = fillPrice(rules.core, mark, isBuy(p.side, 'close'));
  const conv = engine.conversion();
  if (conv === null) fail('no_mark_price');
  const payout = closeOutcome(stateOf(p), { lots, price: at, feeRate: rules.core.takerFee }, conv).payout;
  const cost = openCost(rules.core, { lots, price: at, leverage: p.leverage }, conv);
  const available = await contractAvailable(env.ctx.db, caller.realm, contractOf(caller.userId), ASSET);
  if (available + payout < cost.prepaid) fail('insufficient_balance');
  return answer(
    await closeThrough(env, engine, { position: p, action: 'reverse', lots, reason: 'reverse', idem }),
  );
}

/**
 * Why a position cannot close at market now (the key its own close would be refused with), or
 * undefined when it can: outside its session, halted, without a price or without an engine.
 */
function untradeable(env: Env, p: PositionRow): CloseAllSkipReason | undefined {
  const engine = env.engines.get(p.symbol, p.realm);
  if (!engine) return 'trading_unavailable';
  const { status } = env.market.status(p.symbol);
  if (status === 'closed') return 'market_closed';
  if (status === 'halted') return 'market_halted';
  if (engine.mark() === undefined) return 'no_mark_price';
  return undefined;
}

/**
 * Closes every open position (of a product) at market: one close order each. A position that
 * cannot close now stays open and is listed in `skipped` with why, so the user is told rather than
 * left to find it still open. Idempotent.
 */
export async function closeAll(
  env: Env,
  caller: Caller,
  body: { product?: Product | undefined; idempotencyKey: string },
): Promise<CloseAllResult> {
  const open = await openPositionsOf(env.ctx.db, caller.userId, caller.realm, body.product);
  const skipped: CloseAllResult['skipped'] = [];
  const closable: PositionRow[] = [];
  for (const p of open) {
    const reason = untradeable(env, p);
    if (reason) skipped.push({ positionId: p.id, symbol: p.symbol, reason });
    else closable.push(p);
  }
  // A repeat answers the closes its key made (the positions are closed by then), and what still cannot close.
  const scope = idempotency(caller.userId, `${body.idempotencyKey}:`, null).idempotencyKey;
  const earlier = await closesByKeyPrefix(env.ctx.db, caller.userId, scope);
  if (earlier.length > 0) return { items: earlier.map(toPositionOrder), skipped };
  const items: PositionOrder[] = [];
  for (const p of closable) {
    const engine = env.engines.get(p.symbol, p.realm) as PositionEngine;
    const idem = idempotency(caller.userId, `${body.idempotencyKey}:${p.id}`, {
      op: 'positions.closeall',
      id: p.id,
    });
    items.push(
      toPositionOrder(
        await closeThrough(env, engine, {
          position: p,
          action: 'close',
          lots: parseUnits(p.lots),
          reason: 'closeall',
          idem,
        }),
      ),
    );
  }
  return { items, skipped };
}

/**
 * The system's close of a position (for the risk watchers): at market for a TP or SL, or its
 * liquidation at the mark (the fee to the insurance fund, a deficit from the fund then the dealer,
 * a notification to the user). A position already closed is left alone (a rejected order).
 */
export async function submitSystemClose(
  env: Env,
  positionId: string,
  reason: 'tp' | 'sl' | 'liquidation',
): Promise<PositionOrder | undefined> {
  const p = await positionOf(env.ctx.db, positionId);
  if (p?.status !== 'open') return undefined;
  const engine = env.engines.get(p.symbol, p.realm);
  if (!engine) return undefined;
  const action = reason === 'liquidation' ? 'liquidate' : 'close';
  return toPositionOrder(
    await closeThrough(env, engine, { position: p, action, lots: parseUnits(p.lots), reason, idem: null }),
  );
}

/** Sets or clears a position's TP and SL (against its entry), as the book's writer. */
export async function setTpSl(
  env: Env,
  caller: Caller,
  body: { id: string; tp: string | null; sl: string | null },
): Promise<Position> {
  const p = await ownOpen(env, caller, body.id);
  const engine = engineOf(env, p.symbol, p.realm);
  const tp = price(body.tp, 'tp');
  const sl = price(body.sl, 'sl');
  return engine.exclusive(async () => {
    const row = engine.positions.get(p.id);
    if (!row) fail('position_not_open');
    const wrong = checkTpSl(row.side, parseUnits(row.entry_price), tp, sl);
    if (wrong) failField(wrong, wrong === 'tp_invalid' ? 'tp' : 'sl');
    const at = env.ctx.clock.date();
    await env.ctx.db.query('UPDATE positions SET tp = $2, sl = $3, updated_at = $4 WHERE id = $1', [
      row.id,
      tp === null ? null : formatUnits(tp),
      sl === null ? null : formatUnits(sl),
      at,
    ]);
    row.tp = tp === null ? null : formatUnits(tp);
    row.sl = sl === null ? null : formatUnits(sl);
    row.updated_at = at;
    const view = toPosition(row, engine.mark(), engine.rules().core.brackets, engine.conversion());
    publishUserEvent(env.ctx.bus, row.user_id, { kind: 'position', position: view });
    env.events.emit([{ change: 'changed', position: { ...row } }], (err) =>
      env.ctx.log.error({ err }, 'position listener failed'),
    );
    return view;
  });
}

/** Cancels a resting limit entry, releasing what it holds. */
export async function cancelOrder(
  env: Env,
  caller: Caller,
  id: string,
  product?: Product,
): Promise<PositionOrder> {
  const [o] = await env.ctx.db.query<PositionOrderRow>(
    'SELECT id::text AS id, user_id::text AS user_id, symbol, realm, product, status FROM position_orders WHERE id = $1',
    [id],
  );
  if (!o || o.user_id !== caller.userId || (product !== undefined && o.product !== product))
    failField('not_found', 'id');
  if (o.status !== 'open') fail('order_not_open');
  const engine = engineOf(env, o.symbol, o.realm);
  const cancelled = await engine.cancel(id);
  if (!cancelled) fail('order_not_open');
  return toPositionOrder(cancelled);
}

import {
  canonicalDecimal,
  formatUnits,
  leverageCap,
  parseUnits,
  type QuoteConversion,
  type Units,
} from '@otc/core';
import type { Realm } from '@otc/protocol/ledger/schemas';
import type { ClosedPosition, Position, PositionDetail } from '@otc/protocol/positions/schemas';
import type { AppContext } from '../context.ts';
import type { PageRequest } from '../db/paged.ts';
import { failField } from '../http/errors.ts';
import type { Jurisdictions } from '../jurisdiction/index.ts';
import type { MarketHub } from '../market/index.ts';
import { closedFigures, closesOf } from './closes.ts';
import type { PositionEngines } from './engines.ts';
import { fundingView } from './funding/funding.ts';
import type { LossShares } from './loss-share.ts';
import { closedPositionsOf, openPositionsOf, orderOf, ordersOf, positionOf } from './queries.ts';
import { conversionOf } from './quote.ts';
import { type PositionRow, toPosition, toPositionOrder } from './rows.ts';

/** The positions' reads: what every instance answers from the database and the market's prices. */

type Product = 'perp' | 'cfd';

export interface ReadEnv {
  ctx: AppContext;
  engines: PositionEngines;
  market: MarketHub;
  /** The caller's country's caps (decision 0146): a signed-in caller reads the leverage they may take. */
  jurisdictions: Jurisdictions;
  /** The risk warning's measured share of accounts that lost money, per product. */
  lossShares: LossShares;
}

function markOf(market: MarketHub, symbol: string): Units | undefined {
  const p = market.price(symbol);
  return p === undefined ? undefined : parseUnits(p);
}

export function view(env: ReadEnv, r: PositionRow): Position {
  const rules = env.engines.rulesOf(r.symbol);
  const conv = rules ? conversionOf(rules.instrument, (s) => env.market.price(s)) : null;
  return toPosition(r, markOf(env.market, r.symbol), rules?.core.brackets ?? [], conv);
}

export async function detail(
  env: ReadEnv,
  symbol: string,
  product: Product,
  caller: { realm: Realm; userId: string | null } = { realm: 'live', userId: null },
): Promise<PositionDetail> {
  const { realm } = caller;
  const rules = env.engines.rulesOf(symbol);
  const instrument = env.market.instrument(symbol);
  if (!rules || !instrument || rules.core.product !== product) failField('not_position_market', 'symbol');
  const mark = markOf(env.market, symbol);
  const { row } = rules;
  // The funding module's own view: the rate its job will charge in this realm, and when.
  const funding =
    product === 'perp' ? await fundingView(env.ctx.db, symbol, realm, env.ctx.clock.now()) : null;
  const status = env.market.status(symbol);
  // A signed-in caller reads the leverage they may take: their country's cap, if lower.
  const own = leverageCap(rules.core);
  // And their country's margin close-out (decision 0150): the ticket's liquidation price applies it.
  const { maxLeverage, closeOutLevel } = caller.userId
    ? await env.jurisdictions.positionRules(caller.userId, instrument, own)
    : { maxLeverage: own, closeOutLevel: null };
  return {
    instrument,
    rules: {
      product,
      maxLeverage,
      countryCapped: maxLeverage < own,
      closeOutLevel,
      tickSize: instrument.tickSize,
      lotSize: instrument.lotSize,
      minLots: row.minLots,
      takerFee: instrument.takerFee,
      stampDuty: instrument.class === 'stock' ? instrument.stampDuty : '0',
      spread: row.spread,
      brackets: row.brackets.map((b) => ({
        notionalUpTo: b.notionalUpTo === null ? null : canonicalDecimal(b.notionalUpTo),
        rate: canonicalDecimal(b.rate),
      })),
      liquidationFeeRate: row.liquidationFeeRate,
      liquidationFeeCap: row.liquidationFeeCap,
      fundingIntervalHours: row.fundingIntervalHours,
      fundingClamp: row.fundingClamp,
      exposureCap: row.exposureCap,
    },
    markPrice: mark === undefined ? null : formatUnits(mark),
    quoteRate: quoteRateView(conversionOf(rules.instrument, (s) => env.market.price(s))),
    fundingRate: funding?.rate ?? null,
    nextFundingAt: funding?.nextFundingAt ?? null,
    session: { status: status.status, reason: status.reason },
    lossShare: await env.lossShares.of(product),
  };
}

/** The conversion on the wire (decimal text): the web values its ticket and live figures with it. */
function quoteRateView(conv: QuoteConversion | null): PositionDetail['quoteRate'] {
  if (conv === null) return null;
  if (conv.kind !== 'rate') return { kind: conv.kind, num: '1', den: '1' };
  return { kind: 'rate', num: formatUnits(conv.num), den: formatUnits(conv.den) };
}

export async function openPositions(
  env: ReadEnv,
  caller: { userId: string; realm: Realm },
  product?: Product,
) {
  const rows = await openPositionsOf(env.ctx.db, caller.userId, caller.realm, product);
  return { items: rows.map((r) => view(env, r)) };
}

export async function closedPositions(
  env: ReadEnv,
  caller: { userId: string; realm: Realm },
  product: Product | undefined,
  page: PageRequest,
) {
  const { rows, total } = await closedPositionsOf(env.ctx.db, caller.userId, caller.realm, product, page);
  const closes = await closesOf(
    env.ctx.db,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((r): ClosedPosition => {
      const own = closes.get(r.id) ?? [];
      return { ...view(env, r), ...closedFigures(own), closes: own };
    }),
    total,
  };
}

export async function orderList(
  env: ReadEnv,
  caller: { userId: string; realm: Realm },
  filter: PageRequest & { status: 'open' | 'history'; symbol?: string | undefined },
  product: Product,
) {
  const { rows, total } = await ordersOf(
    env.ctx.db,
    caller.userId,
    caller.realm,
    { ...filter, product },
    filter,
  );
  return { items: rows.map(toPositionOrder), total };
}

export async function orderDetail(env: ReadEnv, caller: { userId: string }, id: string, product: Product) {
  const order = await orderOf(env.ctx.db, id);
  if (!order || order.user_id !== caller.userId || order.product !== product) failField('not_found', 'id');
  const position = order.position_id === null ? undefined : await positionOf(env.ctx.db, order.position_id);
  return { order: toPositionOrder(order), position: position ? view(env, position) : null };
}

/**
 * The CFD list by class, each with its price and whether its session is open now; for a signed-in
 * caller, each instrument's leverage is the one their country allows.
 */
export async function cfdPage(env: ReadEnv, cls?: string, userId: string | null = null) {
  const items = [];
  for (const spec of env.market.instruments.values()) {
    if (spec.kind !== 'cfd' || (cls !== undefined && spec.class !== cls)) continue;
    const rules = env.engines.rulesOf(spec.symbol);
    if (!rules) continue;
    const t = env.market.price(spec.symbol) === undefined ? undefined : env.market.ticker(spec.symbol);
    const status = env.market.status(spec.symbol);
    const own = leverageCap(rules.core);
    items.push({
      symbol: spec.symbol,
      name: spec.name,
      class: spec.class,
      price: t ? t.price : null,
      change24h: t ? t.change24h : null,
      maxLeverage: userId ? await env.jurisdictions.leverageCap(userId, spec, own) : own,
      stampDuty: spec.class === 'stock' ? spec.stampDuty : '0',
      status: status.status,
      statusReason: status.reason,
    });
  }
  return { items };
}

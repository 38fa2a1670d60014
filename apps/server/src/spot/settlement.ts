import {
  baseUnits,
  formatUnits,
  type Leg,
  type MarketSpec,
  parseUnits,
  platformAccount,
  quoteUnits,
  settleTrade,
  type Trade,
  type Units,
  unfreeze,
  userAccount,
} from '@otc/core';
import type { Realm } from '@otc/protocol/ledger/schemas';
import type { Params } from '../db/params.ts';
import type { Posting } from '../ledger/index.ts';
import type { InstrumentSpec } from '../market/index.ts';
import type { Activity } from '../platform/activity.ts';
import type { OrderRow } from './rows.ts';

/**
 * What a trade moves and writes, apart from the engine that found it: the ledger legs of a fill
 * (exact fees by the users' rates into the fees account), the order rows' new fills, the release
 * of what an ended order still holds frozen, and the statements that store trades and fills.
 */

/** A user's fee rate for an instrument's base rate: less by VIP level (never more). */
export interface FeeRates {
  rate(userId: string, baseRate: Units): Units;
}

/** The market a spot engine settles for. */
export interface SpotMarket {
  instrument: InstrumentSpec;
  spec: MarketSpec;
  realm: Realm;
  fees: FeeRates;
}

/** The ledger movements of one trade, with its fills applied to both orders and its trade row. */
export function settle(
  market: SpotMarket,
  t: Trade,
  orders: Map<string, OrderRow>,
): { posting: Posting; trade: TradeRow; activity: Activity[] } {
  const { instrument, spec, realm, fees } = market;
  const maker = orders.get(t.makerId) as OrderRow;
  const taker = orders.get(t.takerId) as OrderRow;
  const [buyer, seller] = t.takerSide === 'buy' ? [taker, maker] : [maker, taker];
  const rate = (o: OrderRow) =>
    fees.rate(o.user_id, parseUnits(o === taker ? instrument.takerFee : instrument.makerFee));
  const quote = quoteUnits(spec, t.price, t.qty);
  const base = baseUnits(spec, t.qty);
  const s = settleTrade(quote, rate(buyer), rate(seller));
  const { base: baseAsset, quote: quoteAsset } = instrument;
  const legs: Leg[] = [
    {
      account: userAccount(buyer.user_id, 'funding'),
      asset: quoteAsset,
      field: 'frozen',
      amount: -s.buyerPays,
    },
    {
      account: userAccount(seller.user_id, 'funding'),
      asset: quoteAsset,
      field: 'available',
      amount: s.sellerReceives,
    },
    { account: userAccount(seller.user_id, 'funding'), asset: baseAsset, field: 'frozen', amount: -base },
    { account: userAccount(buyer.user_id, 'funding'), asset: baseAsset, field: 'available', amount: base },
  ];
  if (s.feesCollected > 0n)
    legs.push({
      account: platformAccount('fees'),
      asset: quoteAsset,
      field: 'available',
      amount: s.feesCollected,
    });
  const fill = (o: OrderRow, fee: bigint, frozenUsed: bigint) => {
    o.filled = formatUnits(parseUnits(o.filled) + base);
    o.quote_filled = formatUnits(parseUnits(o.quote_filled) + quote);
    o.fee = formatUnits(parseUnits(o.fee) + fee);
    o.frozen = formatUnits(parseUnits(o.frozen) - frozenUsed);
  };
  fill(buyer, s.buyerFee, s.buyerPays);
  fill(seller, s.sellerFee, base);
  // Each user's part in the fill, for VIP volume and rebates: one record for a trade with oneself.
  const part = (userId: string, fee: bigint): Activity => ({
    userId,
    product: 'spot',
    symbol: instrument.symbol,
    realm,
    notional: formatUnits(quote),
    fee: formatUnits(fee),
  });
  const activity =
    buyer.user_id === seller.user_id
      ? [part(buyer.user_id, s.buyerFee + s.sellerFee)]
      : [part(buyer.user_id, s.buyerFee), part(seller.user_id, s.sellerFee)];
  return {
    activity,
    posting: { realm: realm, kind: 'spot.trade', reference: `${maker.id}/${taker.id}`, legs },
    trade: {
      realm: realm,
      symbol: instrument.symbol,
      price: formatUnits(t.price * spec.tickUnits),
      qty: formatUnits(base),
      takerSide: t.takerSide,
      makerOrder: maker.id,
      takerOrder: taker.id,
      makerFee: formatUnits(maker === buyer ? s.buyerFee : s.sellerFee),
      takerFee: formatUnits(taker === buyer ? s.buyerFee : s.sellerFee),
    },
  };
}

/** The posting that gives back what an ended order still holds frozen, if anything. */
export function releaseFrozen(realm: Realm, o: OrderRow): Posting | undefined {
  const left = parseUnits(o.frozen);
  o.frozen = '0';
  if (left === 0n) return undefined;
  return {
    realm: realm,
    kind: 'spot.release',
    reference: o.id,
    legs: unfreeze(userAccount(o.user_id, 'funding'), o.frozen_asset, left),
  };
}

export interface TradeRow {
  realm: string;
  symbol: string;
  price: string;
  qty: string;
  takerSide: 'buy' | 'sell';
  makerOrder: string;
  takerOrder: string;
  makerFee: string;
  takerFee: string;
}

/** The statement (a CTE body of the postings' statement) that stores trade rows. */
export function insertTrades(trades: TradeRow[], sql: Params): string {
  const col = <K extends keyof TradeRow>(k: K) => sql.p(trades.map((t) => t[k]));
  return `INSERT INTO spot_trades (realm, symbol, price, qty, taker_side, maker_order, taker_order, maker_fee, taker_fee, journal_id)
    SELECT v.realm, v.symbol, v.price, v.qty, v.taker_side, v.maker_order, v.taker_order, v.maker_fee, v.taker_fee, posted.id
    FROM unnest(${col('realm')}::text[], ${col('symbol')}::text[], ${col('price')}::numeric[], ${col('qty')}::numeric[],
                ${col('takerSide')}::text[], ${col('makerOrder')}::bigint[], ${col('takerOrder')}::bigint[],
                ${col('makerFee')}::numeric[], ${col('takerFee')}::numeric[], ${sql.p(trades.map((_, i) => i))}::int[])
      AS v (realm, symbol, price, qty, taker_side, maker_order, taker_order, maker_fee, taker_fee, n)
    JOIN posted ON posted.n = v.n`;
}

/**
 * The statement (a CTE body of the postings' statement) that writes the orders' fills and status,
 * with the rows' own `updated_at`: the time the engine answers with is the time every later read shows.
 */
export function updateOrders(orders: OrderRow[], sql: Params): string {
  const col = <K extends keyof OrderRow>(k: K) => sql.p(orders.map((o) => o[k]));
  return `UPDATE spot_orders o SET filled = v.filled, quote_filled = v.quote_filled, fee = v.fee, frozen = v.frozen,
            status = v.status, updated_at = v.updated_at
    FROM unnest(${col('id')}::bigint[], ${col('filled')}::numeric[], ${col('quote_filled')}::numeric[], ${col('fee')}::numeric[],
                ${col('frozen')}::numeric[], ${col('status')}::text[], ${col('updated_at')}::timestamptz[])
      AS v (id, filled, quote_filled, fee, frozen, status, updated_at)
    WHERE o.id = v.id`;
}

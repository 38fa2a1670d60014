import { mulUnits, type Units } from '../money/decimal.ts';
import { type MarketSpec, quoteUnits } from './spec.ts';

const ONE = 10n ** 18n;

export interface SpotFeeRates {
  maker: Units;
  taker: Units;
}

/** What a spot order sets aside when it is accepted: an amount of the market's base or quote asset. */
export interface SpotReserve {
  asset: 'base' | 'quote';
  amount: Units;
  /** For a buy: the most its trades can cost, before the fee. */
  value: Units;
  /** For a buy: the most fee it can pay. */
  fee: Units;
}

/**
 * What an order freezes (the server's intake) and what the order form shows before it is sent:
 * the same function, so the screen's estimate is the freeze. A sell sets aside the base it sells.
 * A buy sets aside the most quote it can cost: its limit price (a market buy: the protection bound
 * above the best ask, rounded up) times its quantity, plus the fee at the higher of the maker and
 * taker rates (whether it ends maker or taker is not known yet), rounded up.
 */
export function spotReserve(
  spec: MarketSpec,
  rates: SpotFeeRates,
  order: { side: 'buy' | 'sell'; ticks: bigint | undefined; lots: bigint },
  bestAsk?: bigint,
): SpotReserve {
  if (order.side === 'sell') {
    const amount = order.lots * spec.lotUnits;
    return { asset: 'base', amount, value: 0n, fee: 0n };
  }
  let worst = order.ticks;
  if (worst === undefined) {
    if (bestAsk === undefined) throw new Error('a market buy is reserved against the best ask');
    worst = (bestAsk * (ONE + spec.protectionUnits) + ONE - 1n) / ONE;
  }
  const value = quoteUnits(spec, worst, order.lots);
  const fee = feeReserve(value, rates);
  return { asset: 'quote', amount: value + fee, value, fee };
}

/**
 * The most fee an order worth `value` can pay: at the higher of the maker and taker rates, rounded
 * up (the fees charged are rounded down, so what is set aside always covers them).
 */
export function feeReserve(value: Units, rates: SpotFeeRates): Units {
  // biome-ignore lint/complexity/useMathMinMax: rates are bigint units, which Math.max does not take
  return mulUnits(value, rates.taker > rates.maker ? rates.taker : rates.maker, 'up');
}

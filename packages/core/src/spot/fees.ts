import { mulUnits, type Units } from '../money/decimal.ts';

/**
 * Spot trading fees, pure. A fee is the quote amount times the rate, rounded DOWN to the unit
 * (10^-18): a user is never charged more than the rate shown (PRODUCT.md §2.5), and at the minimum
 * notional (5 USDT × 0.1%) the rounded-off part is far below anything a balance shows.
 *
 * Named `tradeFee` because the ledger already exports `fee` (the posting that moves one).
 */
export class FeeError extends Error {}

const ONE = 10n ** 18n;

/** The fee on `quoteAmount` units at `rate` (units of 10^-18: parseUnits('0.001') is 0.1%). */
export function tradeFee(quoteAmount: Units, rate: Units): Units {
  if (quoteAmount < 0n) throw new FeeError('the amount a fee is taken on cannot be negative');
  if (rate < 0n || rate >= ONE) throw new FeeError('a fee rate is in [0, 1)');
  return mulUnits(quoteAmount, rate, 'down');
}

export interface TradeSettlement {
  /** Quote the buyer gives up: the trade's value plus the buyer's fee. */
  buyerPays: Units;
  /** Quote the seller is credited: the trade's value less the seller's fee. */
  sellerReceives: Units;
  buyerFee: Units;
  sellerFee: Units;
  /** buyerFee + sellerFee; buyerPays = sellerReceives + feesCollected, exactly. */
  feesCollected: Units;
}

/**
 * The quote movements of one trade with both fees charged in quote. Nothing is created or lost:
 * what the buyer pays is exactly what the seller receives plus what the platform collects.
 */
export function settleTrade(quoteAmount: Units, buyerRate: Units, sellerRate: Units): TradeSettlement {
  const buyerFee = tradeFee(quoteAmount, buyerRate);
  const sellerFee = tradeFee(quoteAmount, sellerRate);
  return {
    buyerPays: quoteAmount + buyerFee,
    sellerReceives: quoteAmount - sellerFee,
    buyerFee,
    sellerFee,
    feesCollected: buyerFee + sellerFee,
  };
}

import { platformAccount, userAccount } from '../ledger/accounts.ts';
import type { Leg } from '../ledger/posting.ts';
import type { Units } from '../money/decimal.ts';
import { settleTrade } from './fees.ts';

/** One spot trade between two users' funding accounts, both fees charged in quote. */
export interface SpotTradeInput {
  buyer: string;
  seller: string;
  baseAsset: string;
  quoteAsset: string;
  /** Base units that change hands. */
  base: Units;
  /** Quote units the base is worth at the trade's price (before fees). */
  quote: Units;
  buyerRate: Units;
  sellerRate: Units;
}

/** What one trade moves: its posting's legs, and what each side paid and used of its frozen funds. */
export interface SpotTradeLegs {
  legs: Leg[];
  buyerFee: Units;
  sellerFee: Units;
  /** Frozen quote the buy used: the value and the buyer's fee. */
  buyerFrozenUsed: Units;
  /** Frozen base the sell used. */
  sellerFrozenUsed: Units;
}

/**
 * The posting of a spot trade, pure: the buyer's frozen quote goes to the seller (less the seller's
 * fee) and to the fees account (both fees), the seller's frozen base to the buyer. The legs sum to
 * zero per asset: what the buyer pays is exactly what the seller receives plus the fees collected.
 */
export function spotTradeLegs(t: SpotTradeInput): SpotTradeLegs {
  const s = settleTrade(t.quote, t.buyerRate, t.sellerRate);
  const buyer = userAccount(t.buyer, 'funding');
  const seller = userAccount(t.seller, 'funding');
  const legs: Leg[] = [
    { account: buyer, asset: t.quoteAsset, field: 'frozen', amount: -s.buyerPays },
    { account: seller, asset: t.quoteAsset, field: 'available', amount: s.sellerReceives },
    { account: seller, asset: t.baseAsset, field: 'frozen', amount: -t.base },
    { account: buyer, asset: t.baseAsset, field: 'available', amount: t.base },
  ];
  if (s.feesCollected > 0n)
    legs.push({
      account: platformAccount('fees'),
      asset: t.quoteAsset,
      field: 'available',
      amount: s.feesCollected,
    });
  return {
    legs,
    buyerFee: s.buyerFee,
    sellerFee: s.sellerFee,
    buyerFrozenUsed: s.buyerPays,
    sellerFrozenUsed: t.base,
  };
}

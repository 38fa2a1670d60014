/**
 * The fee a user paid inside one movement of a spot fill, pure. The ledger posts a fill's quote
 * net of fees (spotTradeLegs: the buyer's frozen quote leg is the value plus the buyer's fee, the
 * seller's available quote leg the value less the seller's fee), so balance history reads the fee
 * back from the trade row to show it as its own line (PRODUCT.md invariant 5: what is charged is
 * shown). Both fees are charged in quote, so only a quote movement carries one.
 */

export interface FillMovement {
  kind: string;
  asset: string;
  field: 'available' | 'frozen';
  /** The instrument, 'BASE/QUOTE'. */
  subject: string | null;
}

export interface FillFees {
  takerSide: 'buy' | 'sell';
  makerFee: string;
  takerFee: string;
}

/**
 * The fee inside `movement`, or null when it holds none (not a fill, or its base leg). A buyer pays
 * quote out of its frozen balance, a seller receives quote into its available one; the side the
 * movement is on, with the trade's taker side, says whether the user was maker or taker. In a trade
 * with oneself each of the two quote movements carries its own side's fee.
 */
export function feeInFill(movement: FillMovement, trade: FillFees): string | null {
  const quote = movement.subject?.split('/')[1];
  if (movement.kind !== 'spot.trade' || !quote || movement.asset !== quote) return null;
  const side = movement.field === 'frozen' ? 'buy' : 'sell';
  return side === trade.takerSide ? trade.takerFee : trade.makerFee;
}

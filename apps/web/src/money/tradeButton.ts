/**
 * What an order ticket's button is: a guest's leads to the login screen (even when the market is
 * closed: logging in comes first), a closed market's is a disabled "Market closed", else it places.
 */
export type TradeButtonState = 'login' | 'closed' | 'place';

export function tradeButtonState(signedIn: boolean, open: boolean): TradeButtonState {
  if (!signedIn) return 'login';
  return open ? 'place' : 'closed';
}

import type { Instrument } from '@otc/protocol/market/schemas';
import { vipEndpoints } from '@otc/protocol/vip/endpoints';
import { call } from '../api/call.ts';
import { useLiteQuery } from '../api/useLiteQuery.ts';
import { useSession } from '../api/useSession.ts';
import { marketEstimate, type ShownEstimate } from './marketEstimate.ts';
import type { Realm } from './spotApi.ts';
import { useBook } from './useBook.ts';

/**
 * The user's taker rate on `symbol` now (VIP-adjusted, from /api/vip/info), or the instrument's
 * own rate while that is on its way, for a visitor, or if it cannot be read.
 */
function useTakerRate(instrument: Instrument): string {
  const { user } = useSession();
  const { data } = useLiteQuery(
    ['vip', 'info', instrument.symbol],
    () => call(vipEndpoints.info, { symbol: instrument.symbol }, { toast: false }),
    { enabled: user !== null && user !== undefined, staleTime: 60_000 },
  );
  return data?.takerFee ?? instrument.takerFee;
}

/** The estimate of a market order of `qty` on `side`, walked on the book the screen shows. */
export function useMarketEstimate(
  instrument: Instrument,
  side: 'buy' | 'sell',
  qty: string,
  enabled: boolean,
): ShownEstimate | null {
  const { user } = useSession();
  const realm: Realm = user?.kind === 'demo' ? 'demo' : 'live';
  const book = useBook(instrument.symbol, realm);
  const rate = useTakerRate(instrument);
  return enabled ? marketEstimate(instrument, side, qty, book, rate) : null;
}

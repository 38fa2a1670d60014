import { formatUnits } from '@otc/core/money/decimal';
import { estimateMarket, levelsInSteps } from '@otc/core/spot/estimate';
import { marketSpec } from '@otc/core/spot/spec';
import type { Instrument } from '@otc/protocol/market/schemas';
import { unitsOrNull } from '../money/amounts.ts';
import type { Book } from './spotMath.ts';

/** A market order's estimate as the ticket shows it: decimal strings, in quote unless said. */
export interface ShownEstimate {
  /** Base it would fill. */
  filled: string;
  avgPrice: string | null;
  fee: string;
  /** What a buy costs with its fee, or what a sell brings after it. */
  total: string;
  /** The book within the 5% band holds less than the quantity: only `filled` would fill. */
  thin: boolean;
  refused?: 'no_liquidity' | 'below_min_notional';
}

/**
 * The estimate of a market order of `qty` (base, as typed) on `side` against the book on screen,
 * with the user's taker rate: core's `estimateMarket`, the walk the engine makes. Null while the
 * quantity or the book is not there yet, or the quantity is not on the lot.
 */
export function marketEstimate(
  instrument: Pick<Instrument, 'tickSize' | 'lotSize' | 'minNotional'>,
  side: 'buy' | 'sell',
  qty: string,
  book: Book | null,
  takerRate: string,
): ShownEstimate | null {
  const units = unitsOrNull(qty);
  const rate = unitsOrNull(takerRate);
  if (book === null || units === null || units <= 0n || rate === null) return null;
  const spec = marketSpec(instrument);
  if (units % spec.lotUnits !== 0n) return null;
  const levels = levelsInSteps(spec, side === 'buy' ? book.asks : book.bids);
  const e = estimateMarket(spec, side, units / spec.lotUnits, levels, rate);
  return {
    filled: formatUnits(e.filled),
    avgPrice: e.averagePrice === null ? null : formatUnits(e.averagePrice),
    fee: formatUnits(e.fee),
    total: formatUnits(e.total),
    thin: e.thin,
    ...(e.refused ? { refused: e.refused } : {}),
  };
}

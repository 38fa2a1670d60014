import { marketEndpoints as market } from '@otc/protocol/market/endpoints';
import { secondsEndpoints as seconds } from '@otc/protocol/seconds/endpoints';
import { call } from '../api/call.ts';

/** The public calls of the tick heads page: the instruments seconds contracts trade, and their heads. */
export const tickHeadsApi = {
  symbols: () =>
    call(seconds.products, undefined, { toast: false }).then((r) => r.products.map((p) => p.symbol)),
  heads: (symbol: string, before: number | undefined, limit: number) =>
    call(market.tickHeads, { symbol, limit, ...(before === undefined ? {} : { before }) }, { toast: false }),
};

export const tickHeadsKeys = {
  symbols: ['proof', 'tick-heads', 'symbols'] as const,
  heads: (symbol: string) => ['proof', 'tick-heads', symbol] as const,
};

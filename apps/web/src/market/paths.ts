import type { InstrumentKind } from '@otc/protocol/market/constants';

export const QUOTATION_PATH = '/pages/index/quotation';
export const SEARCH_PATH = '/pages/index/search';
export const CONTRACT_DETAIL_PATH = '/pages/futures/heyueDetail';
export const CFD_DETAIL_PATH = '/pages/option/stocksDetail';
export const NEWS_DETAIL_PATH = '/pages/index/newsDetails';

/** Symbols hold '/', so they go in the query string: CFDs to their detail, the rest to the chart page. */
export function detailPath(symbol: string, kind: InstrumentKind | undefined): string {
  const path = kind === 'cfd' ? CFD_DETAIL_PATH : CONTRACT_DETAIL_PATH;
  return `${path}?${new URLSearchParams({ symbol })}`;
}

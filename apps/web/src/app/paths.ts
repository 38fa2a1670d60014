import type { InstrumentKind } from '@otc/protocol/market/constants';

/**
 * The paths pages link to, in a module that imports nothing of the app, so any page can use them
 * without an import circle through the area list (the areas' `area.ts` name the same paths, and
 * app/paths.test.ts checks that each is a route).
 */
export const HOME_PATH = '/';
export const LOGIN_PATH = '/pages/login/login';
export const REGISTER_PATH = '/pages/login/register';
export const FORGET_PATH = '/pages/login/forget';
export const NO_WALLET_PATH = '/pages/index/web';
export const SETTINGS_PATH = '/pages/assets/shezhi';
export const VIP_PATH = '/pages/index/vip';

export const ASSETS_PATH = '/pages/index/Assets';
export const ACCOUNT_DETAIL_PATH = '/pages/assets/zhanghuDetail';
export const TRANSFER_PATH = '/pages/index/Transfer';
export const TRANSFER_LIST_PATH = '/pages/index/TransferList';
export const EXCHANGE_PATH = '/pages/index/Exchange';
export const EXCHANGE_LIST_PATH = '/pages/index/ExchangeList';
export const PROOF_PATH = '/pages/assets/proof';
export const TICK_HEADS_PATH = '/pages/assets/tickHeads';
export const SECURITY_PATH = '/pages/assets/anquanzhongxin';
export const CHANGE_PASSWORD_PATH = '/pages/assets/xiugaimima';

export const BUY_PATH = '/pages/index/buy';
export const FUTURES_PATH = '/pages/index/Futures';
export const QUOTATION_PATH = '/pages/index/quotation';
export const SEARCH_PATH = '/pages/index/search';
export const CONTRACT_DETAIL_PATH = '/pages/futures/heyueDetail';
export const CFD_DETAIL_PATH = '/pages/option/stocksDetail';
export const NEWS_DETAIL_PATH = '/pages/index/newsDetails';
export const HISTORY_PATH = '/pages/index/History';

/** Symbols hold '/', so they go in the query string: CFDs to their detail, the rest to the chart page. */
export function detailPath(symbol: string, kind: InstrumentKind | undefined): string {
  const path = kind === 'cfd' ? CFD_DETAIL_PATH : CONTRACT_DETAIL_PATH;
  return `${path}?${new URLSearchParams({ symbol })}`;
}

/** The ticket that trades `symbol`, with the pair chosen and `side` preselected (issue #13). */
export function ticketPath(symbol: string, kind: InstrumentKind, side: 'buy' | 'sell'): string {
  const path = kind === 'spot' ? BUY_PATH : kind === 'perp' ? FUTURES_PATH : CFD_DETAIL_PATH;
  return `${path}?${new URLSearchParams({ symbol, side })}`;
}

/** The published heads of `symbol`'s index tick chain (a seconds contract's verification ends at them). */
export const tickHeadsPath = (symbol: string) => `${TICK_HEADS_PATH}?${new URLSearchParams({ symbol })}`;

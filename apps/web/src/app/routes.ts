import type { TKey } from '../i18n/keys.ts';
import { FORGET_PATH, LOGIN_PATH, REGISTER_PATH } from './paths.ts';

export type TabId = 'home' | 'markets' | 'trade' | 'futures' | 'assets';

export interface RouteMeta {
  path: string;
  /** The translated title the nav bar shows. */
  title: TKey;
  /** Open to guests; every other route asks a guest to log in first. */
  public: boolean;
  /** Routes of the tab bar: no back arrow, the tab bar shows. */
  tab?: TabId;
}

const open = (path: string, title: TKey, tab?: TabId): RouteMeta => ({
  path,
  title,
  public: true,
  ...(tab ? { tab } : {}),
});
const guarded = (path: string, title: TKey, tab?: TabId): RouteMeta => ({
  path,
  title,
  public: false,
  ...(tab ? { tab } : {}),
});

/** Every route of seed §2, plus the titled screens PRODUCT.md gives routes of their own. */
export const ROUTES: readonly RouteMeta[] = [
  open('/', 'home.title', 'home'),
  open('/pages/index/index', 'home.title', 'home'),

  // Main and trading
  open('/pages/index/quotation', 'market.quotation.title', 'markets'),
  open('/pages/index/web', 'auth.noWallet.title'),
  open('/pages/index/Stock', 'cfd.list.title'),
  open('/pages/index/News', 'content.news.title'),
  // The trading screens show public market data to guests; placing an order asks them to log in.
  open('/pages/index/Options', 'seconds.trade.title'),
  open('/pages/index/Futures', 'perp.trade.title', 'futures'),
  open('/pages/index/FutureList', 'perp.list.title'),
  open('/pages/futures/heyueDetail', 'perp.detail.title'),
  open('/pages/index/buy', 'spot.trade.title', 'trade'),
  guarded('/pages/index/Holding', 'positions.holding.title'),
  guarded('/pages/index/History', 'positions.history.title'),
  open('/pages/option/stocksDetail', 'cfd.detail.title'),
  guarded('/pages/futures/StockOrders', 'cfd.orders.title'),
  guarded('/pages/futures/OptionOrder', 'seconds.orders.title'),
  open('/pages/index/search', 'market.search.title'),

  // Assets and account
  guarded('/pages/index/Assets', 'assets.overview.title', 'assets'),
  guarded('/pages/assets/zhanghuDetail', 'assets.accountDetail.title'),
  guarded('/pages/assets/recharge', 'funding.deposit.title'),
  guarded('/pages/assets/rechargeList', 'funding.depositList.title'),
  guarded('/pages/assets/tibi', 'funding.withdraw.title'),
  guarded('/pages/assets/tibiList', 'funding.withdrawList.title'),
  guarded('/pages/assets/tibidizhi', 'funding.addresses.title'),
  guarded('/pages/assets/tibidizhiEdit', 'funding.addressEdit.title'),
  guarded('/pages/assets/anquanzhongxin', 'settings.security.title'),
  guarded('/pages/assets/xiaoxitongzhi', 'notifications.inbox.title'),
  guarded('/pages/assets/xiaoxitongzhiDetails', 'notifications.detail.title'),
  guarded('/pages/assets/shezhi', 'settings.main.title'),
  guarded('/pages/assets/xiugaimima', 'settings.changePassword.title'),
  guarded('/pages/assets/auth', 'kyc.identity.title'),

  // Other
  guarded('/pages/index/friend', 'referral.invite.title'),
  guarded('/pages/index/Exchange', 'assets.exchange.title'),
  guarded('/pages/index/ExchangeList', 'assets.exchangeList.title'),
  guarded('/pages/index/Transfer', 'assets.transfer.title'),
  guarded('/pages/index/TransferList', 'assets.transferList.title'),
  open('/pages/index/newsDetails', 'content.newsDetail.title'),
  guarded('/pages/index/activity', 'activity.list.title'),
  guarded('/pages/index/ToLoan', 'loan.apply.title'),
  guarded('/pages/index/ToLoanList', 'loan.records.title'),
  guarded('/pages/index/CertificationInformation', 'loan.certification.title'),
  open('/pages/webview/customer', 'support.chat.title'),

  // Login
  open('/pages/login/login', 'auth.login.title'),
  open('/pages/login/register', 'auth.register.title'),
  open('/pages/login/forget', 'auth.forget.title'),

  // Added by the seed's framework
  open('/choose-location', 'location.choose.title'),
  open('/open-location', 'location.open.title'),

  // Titled screens without a seed route (PRODUCT.md "What each route is")
  guarded('/pages/earn/escrowOrders', 'earn.escrowOrders.title'),
  guarded('/pages/index/agent', 'referral.agent.title'),
  guarded('/pages/index/vip', 'vip.title'),
  guarded('/pages/index/favorites', 'market.favorites.title'),
  // PRODUCT.md invariant 6: a user can check that their balance is in the published liabilities.
  guarded('/pages/assets/proof', 'proof.title'),
];

export interface TabDef {
  id: TabId;
  path: string;
  label: TKey;
}

/** PRODUCT.md "Navigation". */
export const TABS: readonly TabDef[] = [
  { id: 'home', path: '/', label: 'tabs.home' },
  { id: 'markets', path: '/pages/index/quotation', label: 'tabs.markets' },
  { id: 'trade', path: '/pages/index/buy', label: 'tabs.trade' },
  { id: 'futures', path: '/pages/index/Futures', label: 'tabs.futures' },
  { id: 'assets', path: '/pages/index/Assets', label: 'tabs.assets' },
];

/** The screens where the nav bar shows the brand and the page carries its own heading. */
export const AUTH_PATHS: ReadonlySet<string> = new Set([LOGIN_PATH, REGISTER_PATH, FORGET_PATH]);

const byPath = new Map(ROUTES.map((r) => [r.path, r]));

/** Exact, case-sensitive match, as the router matches; trailing slashes are ignored. */
export function findRoute(pathname: string): RouteMeta | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return byPath.get(path);
}

export function isPublicPath(pathname: string): boolean {
  return findRoute(pathname)?.public ?? false;
}

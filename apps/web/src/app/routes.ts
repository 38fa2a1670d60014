import type { ComponentType } from 'react';
import type { TKey } from '../i18n/keys.ts';

export type TabId = 'home' | 'markets' | 'trade' | 'futures' | 'assets';
export type PageLoader = () => Promise<{ default: ComponentType }>;

export interface RouteMeta {
  path: string;
  /** The translated title the nav bar shows. */
  title: TKey;
  /** Open to guests; every other route asks a guest to log in first. */
  public: boolean;
  /** Routes of the tab bar: no back arrow, the tab bar shows. */
  tab?: TabId;
}

export interface RouteDef extends RouteMeta {
  load: PageLoader;
}

const open = (path: string, title: TKey, load: PageLoader, tab?: TabId): RouteDef => ({
  path,
  title,
  load,
  public: true,
  ...(tab ? { tab } : {}),
});
const guarded = (path: string, title: TKey, load: PageLoader, tab?: TabId): RouteDef => ({
  path,
  title,
  load,
  public: false,
  ...(tab ? { tab } : {}),
});

export const homePage: PageLoader = () => import('../home/HomePage.tsx');

/** Every route of seed §2, plus the titled screens PRODUCT.md gives routes of their own. */
export const ROUTES: readonly RouteDef[] = [
  open('/', 'home.title', homePage, 'home'),
  open('/pages/index/index', 'home.title', homePage, 'home'),

  // Main and trading
  open(
    '/pages/index/quotation',
    'market.quotation.title',
    () => import('../market/QuotationPage.tsx'),
    'markets',
  ),
  open('/pages/index/web', 'auth.noWallet.title', () => import('../auth/NoWalletPage.tsx')),
  open('/pages/index/Stock', 'cfd.list.title', () => import('../cfd/StockPage.tsx')),
  open('/pages/index/News', 'content.news.title', () => import('../content/NewsPage.tsx')),
  guarded('/pages/index/Options', 'seconds.trade.title', () => import('../seconds/OptionsPage.tsx')),
  guarded('/pages/index/Futures', 'perp.trade.title', () => import('../perp/FuturesPage.tsx'), 'futures'),
  open('/pages/index/FutureList', 'perp.list.title', () => import('../perp/FutureListPage.tsx')),
  open('/pages/futures/heyueDetail', 'perp.detail.title', () => import('../perp/HeyueDetailPage.tsx')),
  guarded('/pages/index/buy', 'spot.trade.title', () => import('../spot/BuyPage.tsx'), 'trade'),
  guarded('/pages/index/Holding', 'positions.holding.title', () => import('../positions/HoldingPage.tsx')),
  guarded('/pages/index/History', 'positions.history.title', () => import('../positions/HistoryPage.tsx')),
  open('/pages/option/stocksDetail', 'cfd.detail.title', () => import('../cfd/StocksDetailPage.tsx')),
  guarded('/pages/futures/StockOrders', 'cfd.orders.title', () => import('../cfd/StockOrdersPage.tsx')),
  guarded(
    '/pages/futures/OptionOrder',
    'seconds.orders.title',
    () => import('../seconds/OptionOrderPage.tsx'),
  ),
  open('/pages/index/search', 'market.search.title', () => import('../market/SearchPage.tsx')),

  // Assets and account
  guarded('/pages/index/Assets', 'assets.overview.title', () => import('../assets/AssetsPage.tsx'), 'assets'),
  guarded(
    '/pages/assets/zhanghuDetail',
    'assets.accountDetail.title',
    () => import('../assets/AccountDetailPage.tsx'),
  ),
  guarded('/pages/assets/recharge', 'funding.deposit.title', () => import('../funding/DepositPage.tsx')),
  guarded(
    '/pages/assets/rechargeList',
    'funding.depositList.title',
    () => import('../funding/DepositListPage.tsx'),
  ),
  guarded('/pages/assets/tibi', 'funding.withdraw.title', () => import('../funding/WithdrawPage.tsx')),
  guarded(
    '/pages/assets/tibiList',
    'funding.withdrawList.title',
    () => import('../funding/WithdrawListPage.tsx'),
  ),
  guarded(
    '/pages/assets/tibidizhi',
    'funding.addresses.title',
    () => import('../funding/AddressListPage.tsx'),
  ),
  guarded(
    '/pages/assets/tibidizhiEdit',
    'funding.addressEdit.title',
    () => import('../funding/AddressEditPage.tsx'),
  ),
  guarded(
    '/pages/assets/anquanzhongxin',
    'settings.security.title',
    () => import('../settings/SecurityPage.tsx'),
  ),
  guarded('/pages/assets/xiaoxitongzhi', 'content.notices.title', () => import('../content/NoticesPage.tsx')),
  guarded(
    '/pages/assets/xiaoxitongzhiDetails',
    'content.noticeDetail.title',
    () => import('../content/NoticeDetailsPage.tsx'),
  ),
  guarded('/pages/assets/shezhi', 'settings.main.title', () => import('../settings/SettingsPage.tsx')),
  guarded(
    '/pages/assets/xiugaimima',
    'settings.changePassword.title',
    () => import('../settings/ChangePasswordPage.tsx'),
  ),
  guarded('/pages/assets/auth', 'kyc.identity.title', () => import('../kyc/IdentityPage.tsx')),

  // Other
  guarded('/pages/index/friend', 'referral.invite.title', () => import('../referral/FriendPage.tsx')),
  guarded('/pages/index/Exchange', 'assets.exchange.title', () => import('../assets/ExchangePage.tsx')),
  guarded(
    '/pages/index/ExchangeList',
    'assets.exchangeList.title',
    () => import('../assets/ExchangeListPage.tsx'),
  ),
  guarded('/pages/index/Transfer', 'assets.transfer.title', () => import('../assets/TransferPage.tsx')),
  guarded(
    '/pages/index/TransferList',
    'assets.transferList.title',
    () => import('../assets/TransferListPage.tsx'),
  ),
  open(
    '/pages/index/newsDetails',
    'content.newsDetail.title',
    () => import('../content/NewsDetailsPage.tsx'),
  ),
  guarded('/pages/index/activity', 'activity.list.title', () => import('../activity/ActivityPage.tsx')),
  guarded('/pages/index/ToLoan', 'loan.apply.title', () => import('../loan/ToLoanPage.tsx')),
  guarded('/pages/index/ToLoanList', 'loan.records.title', () => import('../loan/ToLoanListPage.tsx')),
  guarded(
    '/pages/index/CertificationInformation',
    'loan.certification.title',
    () => import('../loan/CertificationPage.tsx'),
  ),
  open('/pages/webview/customer', 'support.chat.title', () => import('../support/CustomerPage.tsx')),

  // Login
  open('/pages/login/login', 'auth.login.title', () => import('../auth/LoginPage.tsx')),
  open('/pages/login/register', 'auth.register.title', () => import('../auth/RegisterPage.tsx')),
  open('/pages/login/forget', 'auth.forget.title', () => import('../auth/ForgetPage.tsx')),

  // Added by the seed's framework
  open('/choose-location', 'location.choose.title', () => import('../location/ChooseLocationPage.tsx')),
  open('/open-location', 'location.open.title', () => import('../location/OpenLocationPage.tsx')),

  // Titled screens without a seed route (PRODUCT.md "What each route is")
  guarded(
    '/pages/earn/escrowOrders',
    'earn.escrowOrders.title',
    () => import('../earn/EscrowOrdersPage.tsx'),
  ),
  guarded('/pages/index/agent', 'referral.agent.title', () => import('../referral/AgentPage.tsx')),
  guarded('/pages/index/vip', 'vip.title', () => import('../vip/VipPage.tsx')),
  guarded('/pages/index/favorites', 'market.favorites.title', () => import('../market/FavoritesPage.tsx')),
  // PRODUCT.md invariant 6: a user can check that their balance is in the published liabilities.
  guarded('/pages/assets/proof', 'proof.title', () => import('../assets/ProofPage.tsx')),
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

export const HOME_PATH = '/';
export const LOGIN_PATH = '/pages/login/login';
export const REGISTER_PATH = '/pages/login/register';
export const FORGET_PATH = '/pages/login/forget';
export const NO_WALLET_PATH = '/pages/index/web';
export const SETTINGS_PATH = '/pages/assets/shezhi';
export const VIP_PATH = '/pages/index/vip';

/** The screens where the nav bar shows the brand and the page carries its own heading. */
export const AUTH_PATHS: ReadonlySet<string> = new Set([LOGIN_PATH, REGISTER_PATH, FORGET_PATH]);

const byPath = new Map(ROUTES.map((r) => [r.path, r]));

/** Exact, case-sensitive match, as the router matches; trailing slashes are ignored. */
export function findRoute(pathname: string): RouteDef | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return byPath.get(path);
}

export function isPublicPath(pathname: string): boolean {
  return findRoute(pathname)?.public ?? false;
}

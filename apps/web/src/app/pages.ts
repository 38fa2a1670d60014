import type { ComponentType } from 'react';

export type PageLoader = () => Promise<{ default: ComponentType }>;

export const homePage: PageLoader = () => import('../home/HomePage.tsx');

/**
 * The page of each route of the table (app/routes.ts), loaded when first visited. Kept apart from
 * the table so pages can read the table (titles, paths) without importing themselves through it;
 * app/routes.test.ts checks that the two list the same paths.
 */
export const PAGES: Readonly<Record<string, PageLoader>> = {
  '/': homePage,
  '/pages/index/index': homePage,
  '/pages/index/quotation': () => import('../market/QuotationPage.tsx'),
  '/pages/index/web': () => import('../auth/NoWalletPage.tsx'),
  '/pages/index/Stock': () => import('../cfd/StockPage.tsx'),
  '/pages/index/News': () => import('../content/NewsPage.tsx'),
  '/pages/index/Options': () => import('../seconds/OptionsPage.tsx'),
  '/pages/index/Futures': () => import('../perp/FuturesPage.tsx'),
  '/pages/index/FutureList': () => import('../perp/FutureListPage.tsx'),
  '/pages/futures/heyueDetail': () => import('../perp/HeyueDetailPage.tsx'),
  '/pages/index/buy': () => import('../spot/BuyPage.tsx'),
  '/pages/index/Holding': () => import('../positions/HoldingPage.tsx'),
  '/pages/index/History': () => import('../positions/HistoryPage.tsx'),
  '/pages/option/stocksDetail': () => import('../cfd/StocksDetailPage.tsx'),
  '/pages/futures/StockOrders': () => import('../cfd/StockOrdersPage.tsx'),
  '/pages/futures/OptionOrder': () => import('../seconds/OptionOrderPage.tsx'),
  '/pages/index/search': () => import('../market/SearchPage.tsx'),
  '/pages/index/Assets': () => import('../ledger/AssetsPage.tsx'),
  '/pages/assets/zhanghuDetail': () => import('../ledger/AccountDetailPage.tsx'),
  '/pages/assets/recharge': () => import('../funding/DepositPage.tsx'),
  '/pages/assets/rechargeList': () => import('../funding/DepositListPage.tsx'),
  '/pages/assets/tibi': () => import('../funding/WithdrawPage.tsx'),
  '/pages/assets/tibiList': () => import('../funding/WithdrawListPage.tsx'),
  '/pages/assets/tibidizhi': () => import('../funding/AddressListPage.tsx'),
  '/pages/assets/tibidizhiEdit': () => import('../funding/AddressEditPage.tsx'),
  '/pages/assets/anquanzhongxin': () => import('../settings/SecurityPage.tsx'),
  '/pages/assets/xiaoxitongzhi': () => import('../notifications/NoticesPage.tsx'),
  '/pages/assets/xiaoxitongzhiDetails': () => import('../notifications/NoticeDetailsPage.tsx'),
  '/pages/assets/shezhi': () => import('../settings/SettingsPage.tsx'),
  '/pages/assets/xiugaimima': () => import('../settings/ChangePasswordPage.tsx'),
  '/pages/assets/auth': () => import('../kyc/IdentityPage.tsx'),
  '/pages/index/friend': () => import('../referral/FriendPage.tsx'),
  '/pages/index/Exchange': () => import('../exchange/ExchangePage.tsx'),
  '/pages/index/ExchangeList': () => import('../exchange/ExchangeListPage.tsx'),
  '/pages/index/Transfer': () => import('../ledger/TransferPage.tsx'),
  '/pages/index/TransferList': () => import('../ledger/TransferListPage.tsx'),
  '/pages/index/newsDetails': () => import('../content/NewsDetailsPage.tsx'),
  '/pages/index/activity': () => import('../activity/ActivityPage.tsx'),
  '/pages/index/ToLoan': () => import('../loan/ToLoanPage.tsx'),
  '/pages/index/ToLoanList': () => import('../loan/ToLoanListPage.tsx'),
  '/pages/index/CertificationInformation': () => import('../loan/CertificationPage.tsx'),
  '/pages/webview/customer': () => import('../support/CustomerPage.tsx'),
  '/pages/login/login': () => import('../auth/LoginPage.tsx'),
  '/pages/login/register': () => import('../auth/RegisterPage.tsx'),
  '/pages/login/forget': () => import('../auth/ForgetPage.tsx'),
  '/choose-location': () => import('../location/ChooseLocationPage.tsx'),
  '/open-location': () => import('../location/OpenLocationPage.tsx'),
  '/pages/earn/escrowOrders': () => import('../earn/EscrowOrdersPage.tsx'),
  '/pages/index/agent': () => import('../referral/AgentPage.tsx'),
  '/pages/index/vip': () => import('../vip/VipPage.tsx'),
  '/pages/index/favorites': () => import('../market/FavoritesPage.tsx'),
  '/pages/assets/proof': () => import('../proof/ProofPage.tsx'),
};

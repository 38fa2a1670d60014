import { describe, expect, it } from 'vitest';
import en from '../i18n/locales/en.json';
import { findRoute, homePage, PAGES, ROUTES } from './areas.ts';
import { TABS } from './routes.ts';

/** seed.md §2, every route as written there. */
const SEED_ROUTES = [
  '/',
  '/pages/index/index',
  '/pages/index/quotation',
  '/pages/index/web',
  '/pages/index/Stock',
  '/pages/index/News',
  '/pages/index/Options',
  '/pages/index/Futures',
  '/pages/index/FutureList',
  '/pages/futures/heyueDetail',
  '/pages/index/buy',
  '/pages/index/Holding',
  '/pages/index/History',
  '/pages/option/stocksDetail',
  '/pages/futures/StockOrders',
  '/pages/futures/OptionOrder',
  '/pages/index/search',
  '/pages/index/Assets',
  '/pages/assets/zhanghuDetail',
  '/pages/assets/recharge',
  '/pages/assets/rechargeList',
  '/pages/assets/tibi',
  '/pages/assets/tibiList',
  '/pages/assets/tibidizhi',
  '/pages/assets/tibidizhiEdit',
  '/pages/assets/anquanzhongxin',
  '/pages/assets/xiaoxitongzhi',
  '/pages/assets/xiaoxitongzhiDetails',
  '/pages/assets/shezhi',
  '/pages/assets/xiugaimima',
  '/pages/assets/auth',
  '/pages/index/friend',
  '/pages/index/Exchange',
  '/pages/index/ExchangeList',
  '/pages/index/Transfer',
  '/pages/index/TransferList',
  '/pages/index/newsDetails',
  '/pages/index/activity',
  '/pages/index/ToLoan',
  '/pages/index/ToLoanList',
  '/pages/index/CertificationInformation',
  '/pages/webview/customer',
  '/pages/login/login',
  '/pages/login/register',
  '/pages/login/forget',
  '/choose-location',
  '/open-location',
];

/**
 * PRODUCT.md "What each route is": routes for the titled screens the seed leaves without one, and
 * the proof of liabilities (invariant 6).
 */
const ADDED_ROUTES = [
  '/pages/earn/escrowOrders',
  '/pages/index/agent',
  '/pages/index/vip',
  '/pages/index/favorites',
  '/pages/assets/proof',
  // Issue 29: the index tick chain's published heads (decision 0152).
  '/pages/assets/tickHeads',
  // PRODUCT.md "Earn": "NFT pages show the collections from getnftconfig" (decision 0124).
  '/pages/nft/index',
  '/pages/nft/collection',
  '/pages/nft/item',
  '/pages/nft/mine',
  // Issue 31: the user's price alerts (decision 0160).
  '/pages/alerts/list',
];

/**
 * PRODUCT.md "Navigation": home, markets, news, login, register, forget, web, support, search.
 * "Markets" covers every market-data view (lists and instrument details). The trading screens (spot,
 * perpetuals, seconds contracts) are public too (issue #13): a guest sees the book, chart and trades,
 * and the order button asks them to log in.
 */
const PUBLIC_ROUTES = [
  '/',
  '/pages/index/index',
  '/pages/index/quotation',
  '/pages/index/Stock',
  '/pages/index/FutureList',
  '/pages/futures/heyueDetail',
  '/pages/option/stocksDetail',
  '/pages/index/News',
  '/pages/index/newsDetails',
  '/pages/login/login',
  '/pages/login/register',
  '/pages/login/forget',
  '/pages/index/web',
  '/pages/webview/customer',
  '/pages/index/search',
  '/pages/index/buy',
  '/pages/index/Futures',
  '/pages/index/Options',
  '/choose-location',
  '/open-location',
  // Issue 29: the tick chain's heads, for anyone to note down and compare later (decision 0152).
  '/pages/assets/tickHeads',
];

function lookup(key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en);
}

describe('route table', () => {
  it('has every route of the seed and the added screens, each once', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect([...paths].sort()).toEqual([...SEED_ROUTES, ...ADDED_ROUTES].sort());
  });

  it('opens exactly the public routes to guests and guards all others', () => {
    const open = ROUTES.filter((r) => r.public).map((r) => r.path);
    expect(open.sort()).toEqual([...PUBLIC_ROUTES].sort());
    for (const path of [
      '/pages/index/Assets',
      '/pages/assets/shezhi',
      '/pages/index/Holding',
      '/pages/futures/StockOrders',
    ]) {
      expect(findRoute(path)?.public).toBe(false);
    }
  });

  it('has the five tabs of PRODUCT.md in order, each on a route that carries its tab', () => {
    expect(TABS.map((t) => [t.id, t.path])).toEqual([
      ['home', '/'],
      ['markets', '/pages/index/quotation'],
      ['trade', '/pages/index/buy'],
      ['futures', '/pages/index/Futures'],
      ['assets', '/pages/index/Assets'],
    ]);
    for (const tab of TABS) expect(findRoute(tab.path)?.tab).toBe(tab.id);
    expect(findRoute('/pages/index/index')?.tab).toBe('home');
    expect(ROUTES.filter((r) => r.tab).length).toBe(6);
  });

  it('matches exactly and case-sensitively, and knows no other path', () => {
    expect(findRoute('/pages/index/Futures')?.title).toBe('perp.trade.title');
    expect(findRoute('/pages/index/Futures/')?.path).toBe('/pages/index/Futures');
    expect(findRoute('/pages/index/futures')).toBeUndefined();
    expect(findRoute('/nowhere')).toBeUndefined();
  });

  it('titles every route and tab with an English string', () => {
    for (const route of ROUTES) expect(typeof lookup(route.title), route.path).toBe('string');
    for (const tab of TABS) expect(typeof lookup(tab.label)).toBe('string');
    expect(lookup(findRoute('/')?.title ?? '')).toBe('OTC Markets');
  });

  it('gives every route a lazy page and no page without a route, the home aliases sharing one', () => {
    expect(Object.keys(PAGES).sort()).toEqual(ROUTES.map((r) => r.path).sort());
    for (const loader of Object.values(PAGES)) expect(typeof loader).toBe('function');
    expect(PAGES['/']).toBe(homePage);
    expect(PAGES['/pages/index/index']).toBe(homePage);
  });
});

import { activityRoutes } from '../activity/routes.ts';
import { authRoutes } from '../auth/routes.ts';
import { cashierRoutes } from '../cashier/routes.ts';
import { cfdRoutes } from '../cfd/routes.ts';
import { contentRoutes } from '../content/routes.ts';
import { earnRoutes } from '../earn/routes.ts';
import { exchangeRoutes } from '../exchange/routes.ts';
import { homeRoutes } from '../home/routes.ts';
import type { TKey } from '../i18n/keys.ts';
import { kycRoutes } from '../kyc/routes.ts';
import { ledgerRoutes } from '../ledger/routes.ts';
import { loanRoutes } from '../loan/routes.ts';
import { locationRoutes } from '../location/routes.ts';
import { marketRoutes } from '../market/routes.ts';
import { notificationsRoutes } from '../notifications/routes.ts';
import { perpRoutes } from '../perp/routes.ts';
import { positionsRoutes } from '../positions/routes.ts';
import { proofRoutes } from '../proof/routes.ts';
import { referralRoutes } from '../referral/routes.ts';
import { secondsRoutes } from '../seconds/routes.ts';
import { spotRoutes } from '../spot/routes.ts';
import { supportRoutes } from '../support/routes.ts';
import { usersRoutes } from '../users/routes.ts';
import { vipRoutes } from '../vip/routes.ts';
import { FORGET_PATH, LOGIN_PATH, REGISTER_PATH } from './paths.ts';
import type { RouteMeta, TabId } from './route.ts';

/**
 * The one list of the areas' routes (each area's `routes.ts`): every route of seed §2, plus the
 * titled screens PRODUCT.md gives routes of their own. Their pages are listed in app/pages.ts, kept
 * apart so pages can read this table (titles, paths) without importing themselves through it.
 */
export const AREA_ROUTES: readonly (readonly RouteMeta[])[] = [
  homeRoutes,
  marketRoutes,
  authRoutes,
  cfdRoutes,
  contentRoutes,
  secondsRoutes,
  perpRoutes,
  spotRoutes,
  positionsRoutes,
  ledgerRoutes,
  cashierRoutes,
  usersRoutes,
  notificationsRoutes,
  kycRoutes,
  referralRoutes,
  exchangeRoutes,
  activityRoutes,
  loanRoutes,
  supportRoutes,
  locationRoutes,
  earnRoutes,
  vipRoutes,
  proofRoutes,
];

export const ROUTES: readonly RouteMeta[] = AREA_ROUTES.flat();

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

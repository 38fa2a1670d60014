import type { TKey } from '../i18n/keys.ts';
import { FORGET_PATH, LOGIN_PATH, REGISTER_PATH } from './paths.ts';
import type { RouteMeta, TabId } from './route.ts';

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

/**
 * The lookup of a route table (the app's is app/areas.ts's): exact, case-sensitive match, as the
 * router matches; trailing slashes are ignored.
 */
export function routeFinder(routes: readonly RouteMeta[]): (pathname: string) => RouteMeta | undefined {
  const byPath = new Map(routes.map((r) => [r.path, r]));
  return (pathname) => byPath.get(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);
}

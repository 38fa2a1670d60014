import { getSession } from '../api/session.ts';
import { findRoute, PAGES } from './areas.ts';

/** The route path of a location hash (`#/pages/index/search?x=1` → `/pages/index/search`). */
export function hashPath(hash: string): string {
  const path = hash.replace(/^#/, '').split('?')[0] ?? '';
  return path === '' ? '/' : path;
}

/**
 * Starts fetching the first route's page as the app starts, beside the strings and the router's
 * start: otherwise its chunk is asked for only once the route renders, one more round trip on a
 * phone's network before the page shows (issue 13). React.lazy's import of the same module later
 * finds it loaded or on its way. Guests never load pages that need an account (as RoutePage).
 */
export function preloadFirstPage(hash: string): void {
  const path = hashPath(hash);
  const meta = findRoute(path);
  const load = meta && PAGES[meta.path];
  if (!meta || !load) return;
  if (!meta.public && !getSession().token) return;
  // A failure shows when the route renders, as it would without this.
  load().catch(() => undefined);
}

import { HOME_PATH, LOGIN_PATH } from './paths.ts';
import type { RouteMeta } from './route.ts';
import { AUTH_PATHS } from './routes.ts';

/** The query parameter the login screen reads the way back from. */
export const RETURN_PARAM = 'redirect';

/** The login route that comes back to `from` (a path with its query) afterwards. */
export function loginPathFor(from: string): string {
  return `${LOGIN_PATH}?${RETURN_PARAM}=${encodeURIComponent(from)}`;
}

/**
 * Where to go after logging in: a known in-app route (by `findRoute`, the app's from `useAreas()`)
 * other than the login screens, or home. Anything else (another origin, a scheme, an unknown path)
 * is refused.
 */
export function safeReturnPath(
  raw: string | null | undefined,
  findRoute: (pathname: string) => RouteMeta | undefined,
): string {
  if (!raw?.startsWith('/') || raw.startsWith('//')) return HOME_PATH;
  const pathname = raw.split(/[?#]/)[0] ?? '';
  if (!findRoute(pathname) || AUTH_PATHS.has(pathname)) return HOME_PATH;
  return raw;
}

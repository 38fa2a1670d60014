import { useMatches } from 'react-router';
import type { RouteMeta } from './route.ts';

function isRouteMeta(handle: unknown): handle is RouteMeta {
  return typeof handle === 'object' && handle !== null && 'title' in handle && 'path' in handle;
}

/** The meta (title, public, tab) of the route on screen, or undefined on the fallback route. */
export function useRouteMeta(): RouteMeta | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (isRouteMeta(handle)) return handle;
  }
  return undefined;
}

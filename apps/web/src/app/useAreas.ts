import { createContext, useContext } from 'react';
import type { JournalLabels } from './area.ts';
import type { RouteMeta } from './route.ts';

/**
 * What pages read of the app's areas (app/areas.ts): the route table and balance history's labels.
 * Given at the app's root (App.tsx) rather than imported, as the list imports every page (lazily):
 * a page importing the list back would be an import circle.
 */
export interface AppAreas {
  /** Exact, case-sensitive match, as the router matches; trailing slashes are ignored. */
  findRoute: (pathname: string) => RouteMeta | undefined;
  /** Every area's journal labels, loaded once (again after a failure). */
  journalLabels: () => Promise<JournalLabels>;
}

export const AreasContext = createContext<AppAreas | null>(null);

export function useAreas(): AppAreas {
  const areas = useContext(AreasContext);
  if (!areas) throw new Error('useAreas() outside AreasContext (App.tsx gives it)');
  return areas;
}

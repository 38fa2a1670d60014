import { useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';

/**
 * A title a page gives itself once it knows what it shows (an instrument page titles itself by the
 * instrument's class), in place of its route's fixed title. Kept by path, so a title never outlives
 * the page that set it.
 */
let current: { path: string; title: string } | null = null;
const listeners = new Set<() => void>();

function set(next: typeof current) {
  current = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows `title` in the nav bar (and the document title) while this page is on screen. */
export function usePageTitle(title: string | undefined): void {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!title) return;
    set({ path: pathname, title });
    return () => {
      if (current?.path === pathname && current.title === title) set(null);
    };
  }, [pathname, title]);
}

/** The title the page at `path` gave itself, if any. */
export function usePageTitleOf(path: string | undefined): string | undefined {
  const entry = useSyncExternalStore(
    subscribe,
    () => current,
    () => current,
  );
  return entry && entry.path === path ? entry.title : undefined;
}

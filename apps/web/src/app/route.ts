import type { ComponentType } from 'react';
import type { TKey } from '../i18n/keys.ts';

/**
 * What an area declares of its routes, in a module that imports no area: each area's `area.ts` (its
 * routes and their lazy pages, app/area.ts's `WebArea`) builds on it, and the list that joins them
 * (app/areas.ts) imports the areas.
 */

export type TabId = 'home' | 'markets' | 'trade' | 'futures' | 'assets';

export interface RouteMeta {
  path: string;
  /** The translated title the nav bar shows. */
  title: TKey;
  /** Open to guests; every other route asks a guest to log in first. */
  public: boolean;
  /** Routes of the tab bar: no back arrow, the tab bar shows. */
  tab?: TabId;
}

export type PageLoader = () => Promise<{ default: ComponentType }>;

/** An area's pages by route path, each loaded when first visited. */
export type AreaPages = Readonly<Record<string, PageLoader>>;

export const open = (path: string, title: TKey, tab?: TabId): RouteMeta => ({
  path,
  title,
  public: true,
  ...(tab ? { tab } : {}),
});

export const guarded = (path: string, title: TKey, tab?: TabId): RouteMeta => ({
  path,
  title,
  public: false,
  ...(tab ? { tab } : {}),
});

import type { ComponentType } from 'react';

/** One page at a path (react-router's `path` and `Component`). */
export interface AreaRoute {
  path: string;
  Component: ComponentType;
}

/** One entry of the navigation: where it goes, its label, and the id the tests find it by. */
export interface NavEntry {
  to: string;
  label: string;
  testId: string;
}

/**
 * A back-office area as the shell sees it, exported by the area's `index.ts` and listed once in
 * `app/areas.ts`: its pages inside the signed-in layout, the ones before signing in, and its
 * entries in the navigation. Its strings are its folder's `texts.ts`, joined into `texts.ts`.
 */
export interface AdminArea {
  /** Pages inside the signed-in layout. */
  routes?: readonly AreaRoute[];
  /** Pages shown without a session (signing in). */
  publicRoutes?: readonly AreaRoute[];
  /** Its entries in the navigation, in order; the list's order is the navigation's. */
  nav?: readonly NavEntry[];
}

import type { ComponentType } from 'react';

/** One page at a path (react-router's `path` and `Component`). */
export interface AreaRoute {
  path: string;
  Component: ComponentType;
}

/** One entry of the navigation: where it goes and its label (its test id comes from where it goes). */
export interface NavEntry {
  to: string;
  label: string;
}

/**
 * A back-office area as the shell sees it, exported by the area's `index.ts` and listed once in
 * `app/areas.ts`: its pages inside the signed-in layout, the ones before signing in, and its
 * entries in the navigation. Its strings are its folder's `texts.ts`, which its pages (and its
 * navigation labels) read; the shell's own are `src/texts.ts`.
 */
export interface AdminArea {
  /** Pages inside the signed-in layout. */
  routes?: readonly AreaRoute[];
  /** Pages shown without a session (signing in). */
  publicRoutes?: readonly AreaRoute[];
  /** Its entries in the navigation, in order; the list's order is the navigation's. */
  nav?: readonly NavEntry[];
}

/** A navigation entry as the layout shows it, with the id the tests find it by. */
export interface NavLinkEntry extends NavEntry {
  testId: string;
}

/** The test id of a navigation entry: `nav-` and where it goes (`/position-rules` → `nav-position-rules`). */
export const navTestId = (to: string): string => `nav-${to.replace(/^\//, '').replaceAll('/', '-')}`;

/** Every area's navigation entries, in the list's order. */
export function navOf(areas: readonly AdminArea[]): NavLinkEntry[] {
  return areas.flatMap((area) => area.nav ?? []).map((entry) => ({ ...entry, testId: navTestId(entry.to) }));
}

/** Every area's pages inside the signed-in layout, in the list's order. */
export const routesOf = (areas: readonly AdminArea[]): AreaRoute[] =>
  areas.flatMap((area) => area.routes ?? []);

/** Every area's pages shown without a session. */
export const publicRoutesOf = (areas: readonly AdminArea[]): AreaRoute[] =>
  areas.flatMap((area) => area.publicRoutes ?? []);

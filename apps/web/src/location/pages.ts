import type { AreaPages } from '../app/route.ts';

/** The location area's pages, each loaded when first visited (app/pages.ts lists each area's). */
export const locationPages: AreaPages = {
  '/choose-location': () => import('./ChooseLocationPage.tsx'),
  '/open-location': () => import('./OpenLocationPage.tsx'),
};

import type { WebArea } from '../app/area.ts';
import { open, type PageLoader } from '../app/route.ts';

/** Home, at both of the seed's home routes (one loader, so the router tells it apart). */
export const homePage: PageLoader = () => import('./HomePage.tsx');

/** The home area: its routes, the page of each (loaded when first visited); app/areas.ts lists each area's. */
export const homeArea = {
  routes: [open('/', 'home.title', 'home'), open('/pages/index/index', 'home.title', 'home')],
  pages: {
    '/': homePage,
    '/pages/index/index': homePage,
  },
} satisfies WebArea;

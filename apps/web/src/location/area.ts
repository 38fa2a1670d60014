import type { WebArea } from '../app/area.ts';
import { open } from '../app/route.ts';

/** The location area, added by the seed's framework: its routes, the page of each (loaded when first visited); app/areas.ts lists each area's. */
export const locationArea = {
  routes: [open('/choose-location', 'location.choose.title'), open('/open-location', 'location.open.title')],
  pages: {
    '/choose-location': () => import('./ChooseLocationPage.tsx'),
    '/open-location': () => import('./OpenLocationPage.tsx'),
  },
} satisfies WebArea;

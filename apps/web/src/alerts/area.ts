import type { WebArea } from '../app/area.ts';
import { guarded } from '../app/route.ts';

/** The price alerts area: its list page (loaded when first visited); the sheet opens from an instrument's screen. */
export const alertsArea = {
  routes: [guarded('/pages/alerts/list', 'alerts.title')],
  pages: {
    '/pages/alerts/list': () => import('./AlertsPage.tsx'),
  },
} satisfies WebArea;

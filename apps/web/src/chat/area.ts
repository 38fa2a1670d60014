import type { WebArea } from '../app/area.ts';
import { open } from '../app/route.ts';

/** The chat area (customer support chat): its routes, the page of each (loaded when first visited); app/areas.ts lists each area's. */
export const chatArea = {
  routes: [open('/pages/webview/customer', 'support.chat.title')],
  pages: {
    '/pages/webview/customer': () => import('./CustomerPage.tsx'),
  },
} satisfies WebArea;

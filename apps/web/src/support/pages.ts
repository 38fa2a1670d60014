import type { AreaPages } from '../app/route.ts';

/** The support area's pages, each loaded when first visited (app/pages.ts lists each area's). */
export const supportPages: AreaPages = {
  '/pages/webview/customer': () => import('./CustomerPage.tsx'),
};

import type { AreaPages } from '../app/route.ts';

/** The auth area's pages, each loaded when first visited (app/pages.ts lists each area's). */
export const authPages: AreaPages = {
  '/pages/index/web': () => import('./NoWalletPage.tsx'),
  '/pages/login/login': () => import('./LoginPage.tsx'),
  '/pages/login/register': () => import('./RegisterPage.tsx'),
  '/pages/login/forget': () => import('./ForgetPage.tsx'),
};

import type { WebArea } from '../app/area.ts';
import { open } from '../app/route.ts';

/** The auth area: its routes, the page of each (loaded when first visited); app/areas.ts lists each area's. */
export const authArea = {
  routes: [
    open('/pages/index/web', 'auth.noWallet.title'),
    open('/pages/login/login', 'auth.login.title'),
    open('/pages/login/register', 'auth.register.title'),
    open('/pages/login/forget', 'auth.forget.title'),
  ],
  pages: {
    '/pages/index/web': () => import('./NoWalletPage.tsx'),
    '/pages/login/login': () => import('./LoginPage.tsx'),
    '/pages/login/register': () => import('./RegisterPage.tsx'),
    '/pages/login/forget': () => import('./ForgetPage.tsx'),
  },
} satisfies WebArea;

import type { WebArea } from '../app/area.ts';
import { guarded } from '../app/route.ts';

/** The settings area: its routes, the page of each (loaded when first visited); app/areas.ts lists each area's. */
export const usersArea = {
  routes: [
    guarded('/pages/assets/anquanzhongxin', 'settings.security.title'),
    guarded('/pages/assets/shezhi', 'settings.main.title'),
    guarded('/pages/assets/xiugaimima', 'settings.changePassword.title'),
  ],
  pages: {
    '/pages/assets/anquanzhongxin': () => import('./SecurityPage.tsx'),
    '/pages/assets/shezhi': () => import('./SettingsPage.tsx'),
    '/pages/assets/xiugaimima': () => import('./ChangePasswordPage.tsx'),
  },
} satisfies WebArea;

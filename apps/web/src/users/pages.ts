import type { AreaPages } from '../app/route.ts';

/** The settings area's pages, each loaded when first visited (app/pages.ts lists each area's). */
export const usersPages: AreaPages = {
  '/pages/assets/anquanzhongxin': () => import('./SecurityPage.tsx'),
  '/pages/assets/shezhi': () => import('./SettingsPage.tsx'),
  '/pages/assets/xiugaimima': () => import('./ChangePasswordPage.tsx'),
};

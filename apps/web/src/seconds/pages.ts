import type { AreaPages } from '../app/route.ts';

/** The seconds area's pages, each loaded when first visited (app/pages.ts lists each area's). */
export const secondsPages: AreaPages = {
  '/pages/index/Options': () => import('./OptionsPage.tsx'),
  '/pages/futures/OptionOrder': () => import('./OptionOrderPage.tsx'),
};

import type { AreaPages } from '../app/route.ts';

/** The referral area's pages, each loaded when first visited (app/pages.ts lists each area's). */
export const referralPages: AreaPages = {
  '/pages/index/friend': () => import('./FriendPage.tsx'),
  '/pages/index/agent': () => import('./AgentPage.tsx'),
};

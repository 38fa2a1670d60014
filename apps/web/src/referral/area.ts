import type { WebArea } from '../app/area.ts';
import { guarded } from '../app/route.ts';

/** The referral area: its routes, the page of each (loaded when first visited) and its journal kinds' labels; app/areas.ts lists each area's. */
export const referralArea = {
  routes: [
    guarded('/pages/index/friend', 'referral.invite.title'),
    guarded('/pages/index/agent', 'referral.agent.title'),
  ],
  pages: {
    '/pages/index/friend': () => import('./FriendPage.tsx'),
    '/pages/index/agent': () => import('./AgentPage.tsx'),
  },
  journal: () => import('./journalLabels.ts'),
} satisfies WebArea;

import { guarded, type RouteMeta } from '../app/route.ts';

/** The referral area's routes (app/routes.ts lists each area's). */
export const referralRoutes: readonly RouteMeta[] = [
  guarded('/pages/index/friend', 'referral.invite.title'),
  guarded('/pages/index/agent', 'referral.agent.title'),
];

import type { AppContext } from '../context.ts';
import type { Area, AreaModule } from '../platform/area.ts';
import { checkReferral } from './check.ts';
import { referralJobs } from './jobs.ts';
import { referralAdminRoutes, referralRoutes } from './routes.ts';
import { ReferralService } from './service.ts';

export { type RebateRun, runRebateDays } from './daily.ts';

/**
 * Referral: invites and agents (PRODUCT.md "Invite and agents"; docs/decisions/0127-referral.md).
 * Auth links a referee to its referrer at registration; this area pays each referrer a daily
 * rebate on its referees' live fees, through the ledger, from the platform's fees; a user reads its
 * own code, link, rebates, team and agent level, never another's.
 */
export function referralArea(ctx: AppContext): Area {
  const service = new ReferralService(ctx);
  return {
    name: 'referral',
    routes: (app) => {
      referralRoutes(app, service);
      referralAdminRoutes(app, ctx);
    },
    jobs: referralJobs(ctx),
  };
}

/** The area as `areas.ts` lists it. */
export const referralModule: AreaModule = {
  tables: ['referral_settings', 'agent_levels', 'agent_status', 'referral_rebates'],
  build: (ctx) => referralArea(ctx),
  ledgerCheck: checkReferral,
};

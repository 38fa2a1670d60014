import type { AppContext } from '../context.ts';
import { type Jurisdictions, jurisdictionModule } from '../jurisdiction/index.ts';
import type { Area, AreaModule } from '../platform/area.ts';
import { checkActivities } from './check.ts';
import { activityTreasuryOwed } from './exposure.ts';
import { activityJobs } from './jobs.ts';
import { activityRoutes, adminActivityRoutes } from './routes.ts';

/**
 * Deposit-bonus activities (PRODUCT.md "Activities"; docs/decisions/0121-activities.md): operators
 * offer them, users book them, and a job pays the bonus of each booking whose deposits reach the
 * target within 7 days, or lets it lapse.
 */
export function activityArea(ctx: AppContext, jurisdictions: Jurisdictions): Area {
  return {
    name: 'activity',
    routes: (app) => {
      activityRoutes(app, ctx, jurisdictions);
      adminActivityRoutes(app, ctx);
    },
    jobs: activityJobs(ctx),
  };
}

/** The area as `areas.ts` lists it; its check ties each paid bonus to its booking. */
export const activityModule: AreaModule = {
  tables: ['activities', 'activity_bookings'],
  build: (ctx, need) => activityArea(ctx, need(jurisdictionModule).rules),
  ledgerCheck: checkActivities,
  treasuryOwed: activityTreasuryOwed,
};

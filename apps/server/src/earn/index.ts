import type { AppContext } from '../context.ts';
import type { Area, AreaModule } from '../platform/area.ts';
import { checkEarn, earnFrozen } from './check.ts';
import { earnTreasuryOwed } from './exposure.ts';
import { earnJobs } from './jobs.ts';
import { earnAdminRoutes, earnRoutes } from './routes.ts';
import { EarnService } from './service.ts';

export { ACCRUAL_CONCURRENCY, type AccrualResult, accrueAll, accrueBatch } from './accrual.ts';

/**
 * Earn products (issue 26): managed, arbitrage and mining products on one engine. The principal is
 * frozen in the funding account; the daily job pays each whole day's yield from the realm's
 * treasury, set-based, and gives the principal back at the end; early redemption keeps back a
 * penalty capped at the yield paid.
 */
export function earnArea(ctx: AppContext): Area {
  const service = new EarnService(ctx);
  return {
    name: 'earn',
    routes: (app) => {
      earnRoutes(app, service);
      earnAdminRoutes(app, ctx);
    },
    jobs: earnJobs(ctx),
  };
}

/** The area as `areas.ts` lists it: on the ledger alone; it holds subscriptions' principal frozen. */
export const earnModule: AreaModule = {
  tables: ['earn_products', 'earn_subscriptions'],
  // The ledger check compares each account's yield received with its subscriptions' paid totals.
  reads: ['journal_entries'],
  build: (ctx) => earnArea(ctx),
  ledgerCheck: checkEarn,
  frozenHolders: earnFrozen,
  treasuryOwed: earnTreasuryOwed,
};

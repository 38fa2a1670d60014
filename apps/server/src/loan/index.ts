import type { AppContext } from '../context.ts';
import type { Area, AreaModule } from '../platform/area.ts';
import { checkLoans, loanFrozen } from './check.ts';
import { loanTreasuryOwed } from './exposure.ts';
import { loanJobs } from './jobs.ts';
import { loanAdminRoutes, loanRoutes } from './routes.ts';
import { LoanService } from './service.ts';

export { watchLoan, watchLoans } from './watch.ts';

/**
 * Loans (issue 26, docs/decisions/0125-loans.md): USDT lent against BTC or ETH collateral frozen in
 * the funding account at approval's index price; one repayment of principal and interest; the
 * `loan.watch` job notifies margin calls and overdue loans and liquidates at the liquidation LTV or
 * 3 days overdue.
 */
export function loanArea(ctx: AppContext): Area {
  const service = new LoanService(ctx);
  return {
    name: 'loan',
    routes: (app) => {
      loanRoutes(app, service);
      loanAdminRoutes(app, ctx);
    },
    jobs: loanJobs(ctx),
  };
}

/** The area as `areas.ts` lists it: on the ledger; it holds active loans' collateral frozen. */
export const loanModule: AreaModule = {
  tables: ['loan_products', 'loans', 'loan_certifications', 'loan_approvals'],
  // The ledger check reads what each loan's journals froze (the posting layer's rows, as the ledger does).
  reads: ['journal_entries', 'ledger_accounts'],
  build: (ctx) => loanArea(ctx),
  ledgerCheck: checkLoans,
  frozenHolders: loanFrozen,
  treasuryOwed: loanTreasuryOwed,
};

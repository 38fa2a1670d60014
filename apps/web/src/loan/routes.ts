import { guarded, type RouteMeta } from '../app/route.ts';

/** The loan area's routes (app/routes.ts lists each area's). */
export const loanRoutes: readonly RouteMeta[] = [
  guarded('/pages/index/ToLoan', 'loan.apply.title'),
  guarded('/pages/index/ToLoanList', 'loan.records.title'),
  guarded('/pages/index/CertificationInformation', 'loan.certification.title'),
];

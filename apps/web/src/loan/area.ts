import type { WebArea } from '../app/area.ts';
import { guarded } from '../app/route.ts';

/** The loan area: its routes, the page of each (loaded when first visited); app/areas.ts lists each area's. */
export const loanArea = {
  routes: [
    guarded('/pages/index/ToLoan', 'loan.apply.title'),
    guarded('/pages/index/ToLoanList', 'loan.records.title'),
    guarded('/pages/index/CertificationInformation', 'loan.certification.title'),
  ],
  pages: {
    '/pages/index/ToLoan': () => import('./ToLoanPage.tsx'),
    '/pages/index/ToLoanList': () => import('./ToLoanListPage.tsx'),
    '/pages/index/CertificationInformation': () => import('./CertificationPage.tsx'),
  },
} satisfies WebArea;

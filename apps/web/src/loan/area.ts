import type { WebArea } from '../app/area.ts';
import { guarded, type PageLoader } from '../app/route.ts';

/** The three pages are one chunk (LoanPages.tsx says why): one loader for their routes. */
const loanPages: PageLoader = () => import('./LoanPages.tsx');

/** The loan area: its routes, the page of each (loaded when first visited) and its journal kinds' labels; app/areas.ts lists each area's. */
export const loanArea = {
  routes: [
    guarded('/pages/index/ToLoan', 'loan.apply.title'),
    guarded('/pages/index/ToLoanList', 'loan.records.title'),
    guarded('/pages/index/CertificationInformation', 'loan.certification.title'),
  ],
  pages: {
    '/pages/index/ToLoan': loanPages,
    '/pages/index/ToLoanList': loanPages,
    '/pages/index/CertificationInformation': loanPages,
  },
  journal: () => import('./journalLabels.ts'),
} satisfies WebArea;

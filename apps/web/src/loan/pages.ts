import type { AreaPages } from '../app/route.ts';

/** The loan area's pages, each loaded when first visited (app/pages.ts lists each area's). */
export const loanPages: AreaPages = {
  '/pages/index/ToLoan': () => import('./ToLoanPage.tsx'),
  '/pages/index/ToLoanList': () => import('./ToLoanListPage.tsx'),
  '/pages/index/CertificationInformation': () => import('./CertificationPage.tsx'),
};

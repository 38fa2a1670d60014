import type { AdminArea } from '../app/area.ts';
import { LoanBookPage } from './LoanBookPage.tsx';
import { LoanPage } from './LoanPage.tsx';
import { LoanProductsPage } from './LoanProductsPage.tsx';
import { LoansPage } from './LoansPage.tsx';
import { loanTexts } from './texts.ts';

/** Loans (issue 26, decision 0125): the products, the review of applications, the live book. */
export const loanArea: AdminArea = {
  routes: [
    { path: 'loan-products', Component: LoanProductsPage },
    { path: 'loans', Component: LoansPage },
    { path: 'loans/:id', Component: LoanPage },
    { path: 'loan-book', Component: LoanBookPage },
  ],
  nav: [
    { to: '/loan-products', label: loanTexts.loan.products.nav },
    { to: '/loans', label: loanTexts.loan.review.nav },
    { to: '/loan-book', label: loanTexts.loan.book.nav },
  ],
};

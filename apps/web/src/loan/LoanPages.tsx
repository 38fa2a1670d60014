import type { ComponentType } from 'react';
import { useLocation } from 'react-router';
import CertificationPage from './CertificationPage.tsx';
import { CERTIFICATION_PATH, TO_LOAN_LIST_PATH } from './paths.ts';
import ToLoanListPage from './ToLoanListPage.tsx';
import ToLoanPage from './ToLoanPage.tsx';

const BY_PATH: Readonly<Record<string, ComponentType>> = {
  [TO_LOAN_LIST_PATH]: ToLoanListPage,
  [CERTIFICATION_PATH]: CertificationPage,
};

/**
 * The loan area's three pages as one lazy chunk, the page the route names: one lazy import in the
 * entry's page table instead of three, each naming its own chunks there, which the first route's
 * 150 KB budget had no room for. The pages are small and visited together (apply, certify, repay).
 */
export default function LoanPages() {
  const Page = BY_PATH[useLocation().pathname] ?? ToLoanPage;
  return <Page />;
}

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FRESH } from '../money/balances.ts';
import { QueryState } from '../money/screenParts.ts';
import { EmptyState } from '../ui/EmptyState.tsx';
import { CollateralDialog } from './CollateralDialog.tsx';
import { LoanCard } from './LoanCard.tsx';
import { loanApi, loanKeys } from './loanApi.ts';
import { TO_LOAN_PATH } from './paths.ts';
import { RepayDialog } from './RepayDialog.tsx';
import './loan.css';

/**
 * `/pages/index/ToLoanList`: the user's loans, newest first, each in its state; an active one with
 * its live LTV and what repaying now takes, line by line, with Repay and Add collateral.
 */
export default function ToLoanListPage() {
  const { t } = useTranslation();
  const records = useQuery({
    queryKey: loanKeys.records,
    queryFn: loanApi.records,
    ...FRESH,
    // The LTV follows the index price, and a day turning changes what is owed.
    refetchInterval: 30_000,
  });
  // By id: a dialog shows the loan as last read, so a refreshed figure shows in it at once.
  const [action, setAction] = useState<{ kind: 'repay' | 'collateral'; id: string } | null>(null);
  if (!records.data) {
    return (
      <div className="page-pad">
        <section className="card">
          <QueryState
            icon="coins"
            pending={records.isPending}
            error={records.error}
            onRetry={() => void records.refetch()}
          />
        </section>
      </div>
    );
  }
  const loans = records.data.items;
  const open = action ? loans.find((l) => l.id === action.id) : undefined;
  return (
    <div className="page-pad stack">
      {loans.length === 0 ? (
        <section className="card">
          <EmptyState icon="coins" title={t('loan.records.empty')} />
          <Link className="loan-link loan-link-center" to={TO_LOAN_PATH}>
            {t('loan.records.apply')}
          </Link>
        </section>
      ) : (
        loans.map((loan) => (
          <LoanCard
            key={loan.id}
            loan={loan}
            onRepay={() => setAction({ kind: 'repay', id: loan.id })}
            onAddCollateral={() => setAction({ kind: 'collateral', id: loan.id })}
          />
        ))
      )}
      {open && action?.kind === 'repay' && <RepayDialog loan={open} onClose={() => setAction(null)} />}
      {open && action?.kind === 'collateral' && (
        <CollateralDialog loan={open} onClose={() => setAction(null)} />
      )}
    </div>
  );
}

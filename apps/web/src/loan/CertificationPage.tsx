import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../api/useSession.ts';
import { useFormat } from '../money/useFormat.ts';
import { EmptyState } from '../ui/EmptyState.tsx';
import { QueryState } from '../ui/QueryState.tsx';
import { CertificationForm } from './CertificationForm.tsx';
import { loanApi, loanKeys } from './loanApi.ts';
import { TO_LOAN_PATH } from './paths.ts';
import './loan.css';

/**
 * `/pages/index/CertificationInformation`: the loan certification (seed §3): the one on file, if
 * any, and the form to submit it or replace it, starting from what is on file.
 */
export default function CertificationPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const queryClient = useQueryClient();
  const demo = useSession().user?.kind === 'demo';
  const state = useQuery({
    queryKey: loanKeys.certification,
    queryFn: loanApi.certification,
    staleTime: 0,
    enabled: !demo,
  });
  // A new form once a submission is on file, so it starts from what was saved.
  const [round, setRound] = useState(0);
  if (demo) {
    return (
      <div className="page-pad">
        <section className="card">
          <EmptyState icon="id" title={t('loan.certification.demo')} />
        </section>
      </div>
    );
  }
  if (!state.data) {
    return (
      <div className="page-pad">
        <section className="card">
          <QueryState
            icon="id"
            pending={state.isPending}
            error={state.error}
            onRetry={() => void state.refetch()}
          />
        </section>
      </div>
    );
  }
  const onFile = state.data.certification;
  return (
    <div className="page-pad stack">
      {onFile ? (
        <section className="card loan-on-file" data-testid="loan-certification-on-file">
          <p className="loan-on-file-text">
            {t('loan.certification.onFile', { date: f.time(onFile.submittedAt) })}
          </p>
          <Link className="loan-link" to={TO_LOAN_PATH} data-testid="loan-apply-link">
            {t('loan.records.apply')}
          </Link>
        </section>
      ) : (
        <p className="loan-intro">{t('loan.certification.intro')}</p>
      )}
      <CertificationForm
        key={round}
        onFile={onFile}
        onSaved={(saved) => {
          queryClient.setQueryData(loanKeys.certification, saved);
          // The loan page's summary says whether the user is certified.
          void queryClient.invalidateQueries({ queryKey: loanKeys.page });
          setRound((n) => n + 1);
        }}
      />
    </div>
  );
}

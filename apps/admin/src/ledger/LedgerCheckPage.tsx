import { proofAdminEndpoints } from '@otc/protocol/proof/endpoints';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { adminApi, type LedgerCheckResult, queryKeys } from '../api/admin.ts';
import { useCan } from '../api/can.ts';
import { ApiError } from '../api/client.ts';
import { texts } from '../texts.ts';
import { ErrorAlert, SuccessAlert, TableMessage } from '../ui/Alert.tsx';
import { formatClock, formatTime } from '../ui/format.ts';
import { PageHeader } from '../ui/PageHeader.tsx';
import { RightsHint } from '../ui/RightsHint.tsx';
import { TableWrap } from '../ui/TableWrap.tsx';
import { ledgerTexts } from './texts.ts';

const t = ledgerTexts.ledgerCheck;

export function LedgerCheckPage() {
  return (
    <section className="page">
      <PageHeader title={t.title} subtitle={t.subtitle} />
      <div className="stack">
        <LedgerCheckCard />
        <ProofCard />
      </div>
    </section>
  );
}

function LedgerCheckCard() {
  const [checked, setChecked] = useState<{ result: LedgerCheckResult; at: number } | null>(null);
  const check = useMutation({
    mutationFn: adminApi.ledgerCheck,
    onMutate: () => setChecked(null),
    onSuccess: (result) => setChecked({ result, at: Date.now() }),
  });

  return (
    <div className="card">
      <h2>{t.checkTitle}</h2>
      <p className="muted small section-hint">{t.checkHint}</p>
      <div className="card-actions">
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => check.mutate()}
          disabled={check.isPending}
          data-testid="ledger-check-run"
        >
          {check.isPending ? t.running : t.run}
        </button>
        {checked && <span className="muted small">{t.checkedAt(formatClock(checked.at))}</span>}
      </div>
      {check.isError && <ErrorAlert error={check.error} onRetry={() => check.mutate()} />}
      {checked &&
        (checked.result.ok ? (
          <div className="alert alert-success check-result" role="status" data-testid="ledger-check-result">
            <span>{t.ok}</span>
          </div>
        ) : (
          <div
            className="alert alert-error alert-block check-result"
            role="alert"
            data-testid="ledger-check-result"
          >
            <p>
              <strong>{t.problems(checked.result.problems.length)}</strong>
            </p>
            <ul className="problems">
              {checked.result.problems.map((problem, index) => (
                // Problems are plain strings and may repeat; their position is their identity.
                // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, never reordered
                <li key={index} className="mono">
                  {problem}
                </li>
              ))}
            </ul>
          </div>
        ))}
    </div>
  );
}

function ProofCard() {
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<string | null>(null);

  const latest = useQuery({
    queryKey: queryKeys.proof,
    queryFn: () => adminApi.latestProof(),
  });

  const publish = useMutation({
    mutationFn: adminApi.buildProof,
    onMutate: () => setNotice(null),
    onSuccess: (snapshot) => {
      queryClient.setQueryData(queryKeys.proof, snapshot);
      setNotice(t.published(snapshot.id));
      void queryClient.invalidateQueries({ queryKey: queryKeys.audit });
    },
  });

  const unavailable = latest.error instanceof ApiError && latest.error.key === 'proof_unavailable';
  const snapshot = latest.data;
  const mayPublish = useCan()(proofAdminEndpoints.build);

  return (
    <div className="card" data-testid="proof-card">
      <h2>{t.proofTitle}</h2>
      <p className="muted small section-hint">{t.proofHint}</p>
      <RightsHint allowed={mayPublish} hint={t.adminOnlyHint} />

      {latest.isPending && <p className="muted">{texts.common.loading}</p>}
      {unavailable && (
        <p className="muted" data-testid="proof-empty">
          {t.noSnapshot}
        </p>
      )}
      {latest.isError && !unavailable && <ErrorAlert error={latest.error} onRetry={() => latest.refetch()} />}

      {snapshot && (
        <>
          <dl className="kv">
            <dt>{t.snapshotId}</dt>
            <dd className="mono" data-testid="proof-id">
              #{snapshot.id}
            </dd>
            <dt>{t.root}</dt>
            <dd className="mono break-all" data-testid="proof-root">
              {snapshot.root}
            </dd>
            <dt>{t.publishedAt}</dt>
            <dd title={snapshot.createdAt} data-testid="proof-time">
              {formatTime(snapshot.createdAt)}
            </dd>
            <dt>{t.users}</dt>
            <dd data-testid="proof-users">{snapshot.userCount}</dd>
          </dl>
          <h3 className="subheading">{t.totals}</h3>
          <TableWrap label={t.totals} className="table-narrow">
            <table className="table" data-testid="proof-totals">
              <thead>
                <tr>
                  <th>{t.totalsColumns.asset}</th>
                  <th className="num">{t.totalsColumns.total}</th>
                </tr>
              </thead>
              <tbody>
                {snapshot.totals.length === 0 && <TableMessage colSpan={2}>{t.noTotals}</TableMessage>}
                {snapshot.totals.map((row) => (
                  <tr key={row.asset}>
                    <td>{row.asset}</td>
                    <td className="num amount">{row.total}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
        </>
      )}

      {publish.isError && <ErrorAlert error={publish.error} />}
      {notice && <SuccessAlert onDismiss={() => setNotice(null)}>{notice}</SuccessAlert>}
      <div className="card-actions">
        {mayPublish && (
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => publish.mutate()}
            disabled={publish.isPending}
            data-testid="proof-publish"
          >
            {publish.isPending ? t.publishing : t.publish}
          </button>
        )}
        {latest.dataUpdatedAt > 0 && (
          <span className="muted small">{texts.common.updatedAt(formatClock(latest.dataUpdatedAt))}</span>
        )}
      </div>
    </div>
  );
}

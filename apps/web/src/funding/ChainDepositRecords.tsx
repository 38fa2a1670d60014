import type { DepositRecord } from '@otc/protocol/funding/deposit-schemas';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/errors.ts';
import { USDT_DISPLAY, useFormat } from '../money/useFormat.ts';
import { EmptyState } from '../ui/EmptyState.tsx';
import { InfiniteList } from '../ui/InfiniteList.tsx';
import { depositApi, depositKeys } from './depositApi.ts';
import '../money/money.css';
import './deposit.css';

/** The caller's chain deposits with their confirmations and status. */
export function ChainDepositRecords() {
  // A demo account is refused by the server: its message, not an empty list.
  const probe = useQuery({
    queryKey: [...depositKeys.list, 'probe'],
    queryFn: () => depositApi.list(1, 1),
    retry: false,
  });
  if (isApiError(probe.error) && probe.error.key === 'deposit_demo') {
    return (
      <div className="page-pad">
        <section className="card">
          <EmptyState icon="deposit" title={probe.error.msg} />
        </section>
      </div>
    );
  }
  return (
    <div className="stack">
      <InfiniteList<DepositRecord>
        queryKey={depositKeys.list}
        fetchPage={depositApi.list}
        itemKey={(r) => r.id}
        emptyIcon="deposit"
        renderItem={(r) => <DepositRow record={r} />}
      />
    </div>
  );
}

function DepositRow({ record }: { record: DepositRecord }) {
  const { t } = useTranslation();
  const f = useFormat();
  const shortHash = `${record.txHash.slice(0, 10)}…${record.txHash.slice(-8)}`;
  return (
    <div className="record" data-testid="deposit-row">
      <div className="record-main">
        <span className="record-title">
          {record.coin} · {record.chainName}
        </span>
        <span className="record-sub" title={record.txHash}>
          {shortHash}
        </span>
        <span className="record-sub">{f.time(record.createdAt)}</span>
      </div>
      <span className="record-amounts">
        <span data-testid="deposit-amount">
          +{f.money(record.amount, USDT_DISPLAY)} {record.coin}
        </span>
        <span className={`record-sub deposit-status-${record.status}`} data-testid="deposit-status">
          {t(`funding.chain.status.${record.status}`)}
        </span>
        {record.status === 'pending' ? (
          <span className="record-sub" data-testid="deposit-confirmations">
            {t('funding.chain.confirmationsSeen', {
              seen: record.confirmations,
              needed: record.confirmationsNeeded,
            })}
          </span>
        ) : null}
      </span>
    </div>
  );
}

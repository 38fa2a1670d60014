import type { BankDeposit } from '@otc/protocol/cashier/bank/schemas';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { USDT_DISPLAY, useFormat } from '../../money/useFormat.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { KeyValueRow } from '../../ui/KeyValueRow.tsx';
import { QueryState } from '../../ui/QueryState.tsx';
import { bankApi, bankKeys } from './bankApi.ts';
import './bank.css';

/** The user's bank deposits in the deposit records: amount, status, reference, a rejection's reason. */
export function BankDepositRecords() {
  const { t } = useTranslation();
  const records = useQuery({ queryKey: bankKeys.records, queryFn: bankApi.records, staleTime: 0 });
  if (!records.data) {
    return (
      <QueryState
        icon="deposit"
        pending={records.isPending}
        error={records.error}
        onRetry={() => void records.refetch()}
      />
    );
  }
  if (records.data.items.length === 0)
    return <EmptyState icon="deposit" title={t('funding.bank.noRecords')} />;
  return (
    <ul className="bank-records" data-testid="bank-records">
      {records.data.items.map((d) => (
        <BankDepositRecord key={d.id} deposit={d} />
      ))}
    </ul>
  );
}

function BankDepositRecord({ deposit: d }: { deposit: BankDeposit }) {
  const { t } = useTranslation();
  const f = useFormat();
  const when = f.time(d.submittedAt);
  return (
    <li className="card bank-record" data-testid={`bank-record-${d.id}`}>
      <div className="bank-record-head">
        <span className="bank-record-amount">
          {f.money(d.amount, USDT_DISPLAY)} {d.asset}
        </span>
        <span className={`bank-status bank-status-${d.status}`} data-testid="bank-record-status">
          {t(`funding.bank.status.${d.status}`)}
        </span>
      </div>
      <KeyValueRow label={t('funding.bank.kind')}>{t('funding.bank.kindValue')}</KeyValueRow>
      <KeyValueRow label={t('funding.bank.reference')}>{d.reference}</KeyValueRow>
      <KeyValueRow label={t('funding.bank.time')}>{when}</KeyValueRow>
      {d.reason !== null && (
        <KeyValueRow label={t('funding.bank.reason')} testId="bank-record-reason">
          {d.reason}
        </KeyValueRow>
      )}
    </li>
  );
}

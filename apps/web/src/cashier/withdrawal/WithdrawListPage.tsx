import type { WithdrawalFailureKind, WithdrawalStatusName } from '@otc/protocol/cashier/withdrawal/rules';
import type { Withdrawal } from '@otc/protocol/cashier/withdrawal/schemas';
import { useTranslation } from 'react-i18next';
import type { TKey } from '../../i18n/keys.ts';
import { KeyValueRow } from '../../money/screenParts.ts';
import { useFormat } from '../../money/useFormat.ts';
import { InfiniteList } from '../../ui/InfiniteList.tsx';
import { useLiveWithdrawals } from './useLiveWithdrawals.ts';
import { withdrawalKeys, withdrawalsApi } from './withdrawalsApi.ts';
import '../../money/money.css';
import './withdrawals.css';

const STATUS: Record<WithdrawalStatusName, TKey> = {
  reviewing: 'funding.withdrawList.status.reviewing',
  approved: 'funding.withdrawList.status.approved',
  waiting_funds: 'funding.withdrawList.status.waiting_funds',
  sent: 'funding.withdrawList.status.sent',
  completed: 'funding.withdrawList.status.completed',
  rejected: 'funding.withdrawList.status.rejected',
  failed: 'funding.withdrawList.status.failed',
};
const FAILURE: Record<WithdrawalFailureKind, TKey> = {
  reverted: 'funding.withdrawList.failureKinds.reverted',
  dropped: 'funding.withdrawList.failureKinds.dropped',
  out_of_gas: 'funding.withdrawList.failureKinds.out_of_gas',
};
const TONE: Partial<Record<WithdrawalStatusName, string>> = {
  completed: 'tag-up',
  rejected: 'tag-down',
  failed: 'tag-down',
};

/**
 * `tibiList`: the user's withdrawals with their status, amounts, fee, transaction and reason (a failure
 * on chain: its kind and raw reason), following each status move on the user's socket.
 */
export default function WithdrawListPage() {
  useLiveWithdrawals();
  return (
    <div className="page-pad stack">
      <InfiniteList<Withdrawal>
        queryKey={withdrawalKeys.list}
        fetchPage={withdrawalsApi.list}
        itemKey={(w) => w.id}
        emptyIcon="withdraw"
        renderItem={(w) => <WithdrawalRow w={w} />}
      />
    </div>
  );
}

function WithdrawalRow({ w }: { w: Withdrawal }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <details className="card record-group" data-testid="withdrawal-row">
      <summary className="record">
        <div className="record-main">
          <span className="record-title">
            <span className={`tag-soft ${TONE[w.status] ?? ''}`} data-testid="withdrawal-status">
              {t(STATUS[w.status])}
            </span>
          </span>
          <span className="record-sub">{f.time(w.createdAt)}</span>
        </div>
        <span className="money-amount" data-testid="withdrawal-amount">
          {f.usdt(w.amount)} {w.asset}
        </span>
      </summary>
      <div className="record-lines">
        <KeyValueRow label={t('funding.withdraw.fee')}>
          {f.usdt(w.fee)} {w.asset}
        </KeyValueRow>
        <KeyValueRow label={t('funding.withdraw.received')} testId="withdrawal-received">
          {f.usdt(w.received)} {w.asset}
        </KeyValueRow>
        <KeyValueRow label={t('funding.withdraw.address')}>
          <span className="address-text">{w.address}</span>
        </KeyValueRow>
        {w.txHash && (
          <KeyValueRow label={t('funding.withdrawList.txHash')} testId="withdrawal-tx">
            <span className="address-text">{w.txHash}</span>
          </KeyValueRow>
        )}
        {w.reason && (
          <KeyValueRow label={t('funding.withdrawList.reason')} testId="withdrawal-reason">
            {w.reason}
          </KeyValueRow>
        )}
        {w.failure && (
          // The translated kind, the chain's own words beside it (a revert reason is not translated).
          <KeyValueRow label={t('funding.withdrawList.failure')} testId="withdrawal-failure">
            <span className="withdrawal-failure">
              <span>{t(FAILURE[w.failure.kind])}</span>
              <span className="address-text">{w.failure.detail}</span>
              <span className="withdrawal-failure-note">{t('funding.withdrawList.fundsReturned')}</span>
            </span>
          </KeyValueRow>
        )}
      </div>
    </details>
  );
}

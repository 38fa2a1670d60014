import type { DepositRecord } from '@otc/protocol/cashier/deposit/schemas';
import { useTranslation } from 'react-i18next';
import { USDT_DISPLAY, useFormat } from '../../money/useFormat.ts';
import { InfiniteList } from '../../ui/InfiniteList.tsx';
import { useChainName } from '../chainName.ts';
import { depositApi, depositKeys } from './depositApi.ts';
import '../../money/money.css';
import './deposit.css';

/** The caller's chain deposits with their confirmations and status (a demo account never gets here). */
export function ChainDepositRecords() {
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
  const chainName = useChainName();
  const shortHash = `${record.txHash.slice(0, 10)}…${record.txHash.slice(-8)}`;
  return (
    <div className="record" data-testid="deposit-row">
      <div className="record-main">
        <span className="record-title">
          {record.coin} · {chainName(record.chainId, record.chainName)}
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

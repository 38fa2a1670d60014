import type { CoinTransferRecord, TransferRecord } from '@otc/protocol/ledger/schemas';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ACCOUNT_LABELS, isAccountKind } from '../money/amounts.ts';
import { moneyApi, moneyKeys } from '../money/assetsApi.ts';
import { useAssetInfo } from '../money/balances.ts';
import { SignedAmount, Tabs } from '../money/screenParts.ts';
import { useFormat } from '../money/useFormat.ts';
import { InfiniteList } from '../ui/InfiniteList.tsx';
import '../money/money.css';

type ListTab = 'own' | 'user';

export default function TransferListPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: ListTab = params.get('tab') === 'user' ? 'user' : 'own';
  const choose = (next: ListTab) => {
    const p = new URLSearchParams(params);
    p.set('tab', next);
    setParams(p, { replace: true });
  };
  return (
    <div className="page-pad stack">
      <Tabs
        variant="segmented"
        testIdPrefix="transfer-tab-"
        value={tab}
        onChange={choose}
        tabs={[
          { id: 'own', label: t('transfer.tabs.own') },
          { id: 'user', label: t('transfer.tabs.user') },
        ]}
      />
      {tab === 'own' ? (
        <InfiniteList<TransferRecord>
          key="own"
          queryKey={moneyKeys.transferLog}
          fetchPage={moneyApi.transferLog}
          itemKey={(r) => r.id}
          emptyIcon="transfer"
          renderItem={(r) => <OwnRow record={r} />}
        />
      ) : (
        <InfiniteList<CoinTransferRecord>
          key="user"
          queryKey={moneyKeys.coinTransferLog}
          fetchPage={moneyApi.coinTransferLog}
          itemKey={(r) => r.id}
          emptyIcon="users"
          renderItem={(r) => <UserRow record={r} />}
        />
      )}
    </div>
  );
}

function OwnRow({ record }: { record: TransferRecord }) {
  const { t } = useTranslation();
  const f = useFormat();
  const assetInfo = useAssetInfo();
  const label = (kind: string) => (isAccountKind(kind) ? t(ACCOUNT_LABELS[kind]) : kind);
  return (
    <div className="record" data-testid="record-row">
      <div className="record-main">
        <span className="record-title">
          {label(record.from)} → {label(record.to)}
        </span>
        <span className="record-sub">{f.time(record.createdAt)}</span>
      </div>
      <span className="money-amount" data-testid="record-amount">
        {f.money(record.amount, assetInfo(record.asset))} {record.asset}
      </span>
    </div>
  );
}

function UserRow({ record }: { record: CoinTransferRecord }) {
  const { t } = useTranslation();
  const f = useFormat();
  const assetInfo = useAssetInfo();
  const incoming = record.direction === 'in';
  return (
    <div className="record" data-testid="record-row">
      <div className="record-main">
        <span className="record-title">
          <span className={`tag-soft ${incoming ? 'tag-up' : 'tag-down'}`} data-testid="record-direction">
            {incoming ? t('transfer.list.in') : t('transfer.list.out')}
          </span>
          <span data-testid="record-counterparty">
            {t('settings.main.userId')} {record.counterparty.id}
          </span>
        </span>
        <span className="record-sub">
          <span data-testid="record-nickname">{record.counterparty.nickname}</span> ·{' '}
          {f.time(record.createdAt)}
        </span>
      </div>
      <SignedAmount
        amount={incoming ? record.amount : `-${record.amount}`}
        asset={record.asset}
        display={assetInfo(record.asset)}
        testId="record-amount"
      />
    </div>
  );
}

import type { ExchangeRecord } from '@otc/protocol/exchange/schemas';
import { useTranslation } from 'react-i18next';
import { moneyApi, moneyKeys } from '../money/assetsApi.ts';
import { useAssetInfo } from '../money/balances.ts';
import { SignedAmount } from '../money/screenParts.ts';
import { useFormat } from '../money/useFormat.ts';
import { InfiniteList } from '../ui/InfiniteList.tsx';
import '../money/money.css';

export default function ExchangeListPage() {
  return (
    <div className="page-pad stack">
      <InfiniteList<ExchangeRecord>
        queryKey={moneyKeys.exchangeLog}
        fetchPage={moneyApi.exchangeLog}
        itemKey={(r) => r.id}
        emptyIcon="exchange"
        renderItem={(r) => <ExchangeRow record={r} />}
      />
    </div>
  );
}

function ExchangeRow({ record }: { record: ExchangeRecord }) {
  const { t } = useTranslation();
  const f = useFormat();
  const assetInfo = useAssetInfo();
  return (
    <div className="record" data-testid="record-row">
      <div className="record-main">
        <span className="record-title">
          {record.from} → {record.to}
        </span>
        <span className="record-sub">
          {t('exchange.rate')} 1 {record.from} ≈ {f.amount(record.rate)} {record.to}
        </span>
        <span className="record-sub">{f.time(record.createdAt)}</span>
      </div>
      <span className="record-amounts">
        <SignedAmount
          amount={`-${record.fromAmount}`}
          asset={record.from}
          display={assetInfo(record.from)}
          testId="record-from-amount"
        />
        <SignedAmount
          amount={record.toAmount}
          asset={record.to}
          display={assetInfo(record.to)}
          testId="record-to-amount"
        />
      </span>
    </div>
  );
}

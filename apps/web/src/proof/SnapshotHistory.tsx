import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { moneyApi, moneyKeys } from '../money/assetsApi.ts';
import { useAssetInfo } from '../money/balances.ts';
import { QueryState } from '../money/screenParts.ts';
import { useFormat } from '../money/useFormat.ts';

/** The snapshots kept, newest first (issue 29): a user can see the liabilities' history and each root. */
export function SnapshotHistory() {
  const { t } = useTranslation();
  const f = useFormat();
  const assetInfo = useAssetInfo();
  const list = useQuery({
    queryKey: moneyKeys.proofSnapshots,
    queryFn: () => moneyApi.proofSnapshots({ toast: false }),
  });
  if (!list.data) {
    return (
      <section className="card">
        <QueryState
          icon="shield"
          pending={list.isPending}
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      </section>
    );
  }
  return (
    <section className="card" data-testid="proof-history">
      <h2 className="card-title">{t('proof.history.title')}</h2>
      <ul className="proof-reserves">
        {list.data.items.map((s) => (
          <li key={s.id} className="proof-reserves-item" data-testid="proof-history-row">
            <div className="proof-reserves-head">
              <span>{f.time(s.createdAt)}</span>
              <span>{t('proof.history.users', { count: s.userCount })}</span>
            </div>
            {s.totals.map((x) => (
              <div key={x.asset} className="field-hint">
                {x.asset} {f.money(x.total, assetInfo(x.asset))}
              </div>
            ))}
            <code className="proof-hash">{s.root}</code>
          </li>
        ))}
      </ul>
    </section>
  );
}

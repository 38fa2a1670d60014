import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useTabParam } from '../app/useTabParam.ts';
import { QueryState, Tabs } from '../money/screenParts.ts';
import { EmptyState } from '../ui/EmptyState.tsx';
import { ContractCard } from './ContractCard.tsx';
import { secondsApi, secondsKeys } from './secondsApi.ts';
import { useLiveContracts } from './useLiveContracts.ts';
import './seconds.css';

type Tab = 'open' | 'completed';

/** The caller's seconds contracts: in trading (with countdowns) or completed (with both ticks). */
export default function OptionOrderPage() {
  const { t } = useTranslation();
  useLiveContracts();
  const [param, setTab] = useTabParam('tab');
  const tab: Tab = param === 'completed' ? 'completed' : 'open';
  const list = useQuery({ queryKey: secondsKeys.list(tab), queryFn: () => secondsApi.list(tab, 1, 50) });
  return (
    <div className="page-pad stack seconds-page">
      <Tabs
        variant="segmented"
        tabs={[
          { id: 'open', label: t('seconds.orders.open') },
          { id: 'completed', label: t('seconds.orders.completed') },
        ]}
        value={tab}
        onChange={(id) => setTab(id)}
        testIdPrefix="tab-"
      />
      {list.data ? (
        list.data.items.length === 0 ? (
          <EmptyState icon="clock" title={t('seconds.orders.empty')} />
        ) : (
          list.data.items.map((o) => <ContractCard key={o.id} order={o} />)
        )
      ) : (
        <QueryState
          icon="clock"
          pending={list.isPending}
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      )}
    </div>
  );
}

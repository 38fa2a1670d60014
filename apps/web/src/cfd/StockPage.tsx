import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useTabParam } from '../app/useTabParam.ts';
import { useInstruments, useTickers } from '../market/index.ts';
import { CFD_TABS, findTab, QuoteList, useFavorites } from '../market/screens.ts';
import { QueryFailed } from '../ui/QueryFailed.tsx';
import { Tabs } from '../ui/Tabs.tsx';

/** The CFD list by class; rows open the CFD detail. */
export default function StockPage() {
  const { t } = useTranslation();
  const [tabId, setTab] = useTabParam();
  const tab = findTab(CFD_TABS, tabId, 'stock');
  const { query, list } = useInstruments();
  const tickers = useTickers();
  const favorites = useFavorites();
  const shown = useMemo(() => (list ?? []).filter(tab.match), [list, tab]);
  return (
    <div className="market-page">
      <div className="market-top">
        <Tabs
          tabs={CFD_TABS.map((x) => ({ id: x.id, label: t(x.label) }))}
          value={tab.id}
          onChange={setTab}
          testIdPrefix="cfd-tab-"
        />
      </div>
      {list ? (
        <QuoteList key={tab.id} instruments={shown} tickers={tickers} favorites={favorites} />
      ) : (
        <QueryFailed pending={query.isPending} onRetry={() => void query.refetch()} />
      )}
    </div>
  );
}

import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFavorites } from '../market/favorites.ts';
import { CFD_TABS, findTab } from '../market/filters.ts';
import { useInstruments } from '../market/instruments.ts';
import { QueryFailed } from '../market/QueryFailed.tsx';
import { QuoteList } from '../market/QuoteList.tsx';
import { ScrollTabs } from '../market/ScrollTabs.tsx';
import { useTickers } from '../market/tickers.ts';
import { useTabParam } from '../market/useTabParam.ts';
import '../market/market.css';

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
        <ScrollTabs
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

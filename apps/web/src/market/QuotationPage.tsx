import { useDeferredValue, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SEARCH_PATH } from '../app/paths.ts';
import { useTabParam } from '../app/useTabParam.ts';
import { Icon } from '../ui/Icon.tsx';
import { QueryFailed } from '../ui/QueryFailed.tsx';
import { Tabs } from '../ui/Tabs.tsx';
import { useFavorites } from './favorites.ts';
import { findTab, QUOTE_TABS } from './filters.ts';
import { useInstruments } from './instruments.ts';
import { QuoteList } from './QuoteList.tsx';
import { useTickers } from './tickers.ts';
import './market.css';

export default function QuotationPage() {
  const { t } = useTranslation();
  const [tabId, setTab] = useTabParam();
  const tab = findTab(QUOTE_TABS, tabId, 'crypto');
  const { query, list: arrived } = useInstruments();
  // The list is drawn from a transition when it arrives (a store update is drawn at once, in one
  // task): React yields between rows instead of blocking the phone for the whole first screen.
  const list = useDeferredValue(arrived);
  const tickers = useTickers();
  const favorites = useFavorites();

  const shown = useMemo(() => {
    if (!list) return [];
    if (tab.id !== 'favorites') return list.filter(tab.match);
    const bySymbol = new Map(list.map((i) => [i.symbol, i]));
    return favorites.list.flatMap((s) => bySymbol.get(s) ?? []);
  }, [list, tab, favorites.list]);

  return (
    <div className="market-page">
      <div className="market-top">
        <Link to={SEARCH_PATH} className="search-entry" data-testid="search-link">
          <Icon name="search" size={18} />
          <span>{t('market.search.placeholder')}</span>
        </Link>
        <Tabs
          tabs={QUOTE_TABS.map((x) => ({ id: x.id, label: t(x.label) }))}
          value={tab.id}
          onChange={setTab}
          testIdPrefix="quote-tab-"
        />
      </div>
      {list ? (
        <QuoteList
          key={tab.id}
          instruments={shown}
          tickers={tickers}
          favorites={favorites}
          empty={
            tab.id === 'favorites'
              ? { icon: 'star', title: t('market.noFavorites'), text: t('market.noFavoritesHint') }
              : undefined
          }
        />
      ) : (
        <QueryFailed
          pending={query.isPending || arrived !== undefined}
          onRetry={() => void query.refetch()}
        />
      )}
    </div>
  );
}

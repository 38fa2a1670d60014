import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryFailed } from '../ui/QueryFailed.tsx';
import { useFavorites } from './favorites.ts';
import { useInstruments } from './instruments.ts';
import { QuoteList } from './QuoteList.tsx';
import { useTickers } from './tickers.ts';
import './market.css';

/** The favourites on a page of their own (the Markets page has them as its first tab too). */
export default function FavoritesPage() {
  const { t } = useTranslation();
  const { query, bySymbol, list } = useInstruments();
  const tickers = useTickers();
  const favorites = useFavorites();
  const shown = useMemo(
    () => favorites.list.flatMap((s) => bySymbol.get(s) ?? []),
    [favorites.list, bySymbol],
  );
  return (
    <div className="market-page">
      {list ? (
        <QuoteList
          instruments={shown}
          tickers={tickers}
          favorites={favorites}
          empty={{ icon: 'star', title: t('market.noFavorites'), text: t('market.noFavoritesHint') }}
        />
      ) : (
        <QueryFailed pending={query.isPending} onRetry={() => void query.refetch()} />
      )}
    </div>
  );
}

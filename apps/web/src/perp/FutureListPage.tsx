import { useMemo } from 'react';
import { useFavorites } from '../market/favorites.ts';
import { useInstruments } from '../market/instruments.ts';
import { QueryFailed } from '../market/QueryFailed.tsx';
import { QuoteList } from '../market/QuoteList.tsx';
import { useTickers } from '../market/tickers.ts';
import '../market/market.css';

/** The perpetual contracts; rows open the contract detail. */
export default function FutureListPage() {
  const { query, list } = useInstruments();
  const tickers = useTickers();
  const favorites = useFavorites();
  const shown = useMemo(() => (list ?? []).filter((i) => i.kind === 'perp'), [list]);
  return (
    <div className="market-page">
      {list ? (
        <QuoteList instruments={shown} tickers={tickers} favorites={favorites} />
      ) : (
        <QueryFailed pending={query.isPending} onRetry={() => void query.refetch()} />
      )}
    </div>
  );
}

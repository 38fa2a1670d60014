import { useMemo } from 'react';
import { useInstruments, useTickers } from '../market/index.ts';
import { QuoteList, useFavorites } from '../market/screens.ts';
import { QueryFailed } from '../ui/QueryFailed.tsx';

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

import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AlertButton } from '../alerts/index.ts';
import { useSession } from '../api/useSession.ts';
import { useTabParam } from '../app/useTabParam.ts';
import { LivePrice, useInstruments, useTickers } from '../market/index.ts';
import { ChartPanel } from '../market/screens.ts';
import { priceDecimals } from '../money/format.ts';
import { useLiveMoney } from '../money/useLiveMoney.ts';
import { QueryFailed } from '../ui/QueryFailed.tsx';
import { ContractCard } from './ContractCard.tsx';
import { SecondsTicket } from './SecondsTicket.tsx';
import { secondsApi, secondsKeys } from './secondsApi.ts';
import { useLiveContracts } from './useLiveContracts.ts';
import './seconds.css';

/**
 * Seconds contracts (issue 17): the pair and its live price with a short chart, the ticket, then
 * the caller's open contracts counting down and the latest result with both ticks.
 */
export default function OptionsPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const signedIn = user !== null;
  const products = useQuery({
    queryKey: secondsKeys.products,
    queryFn: secondsApi.products,
    staleTime: 60_000,
  });
  const { bySymbol } = useInstruments();
  const tickers = useTickers();
  const [param, setSymbol] = useTabParam('symbol');
  const offered = products.data?.products ?? [];
  const selected = offered.find((p) => p.symbol === param) ?? offered[0];
  const instrument = selected ? bySymbol.get(selected.symbol) : undefined;
  const ticker = selected ? tickers.get(selected.symbol) : undefined;

  return (
    <div className="page-pad stack seconds-page">
      {!products.data ? (
        <QueryFailed pending={products.isPending} onRetry={() => void products.refetch()} />
      ) : (
        <div className="seconds-picker" role="radiogroup" aria-label={t('market.pick')}>
          {offered.map((p) => {
            const on = p.symbol === selected?.symbol;
            const price = tickers.get(p.symbol)?.price;
            return (
              // biome-ignore lint/a11y/useSemanticElements: a chip row, not form radios
              <button
                key={p.symbol}
                type="button"
                role="radio"
                aria-checked={on}
                className={`seconds-pick${on ? ' seconds-pick-on' : ''}`}
                data-testid={`pick-${p.symbol}`}
                onClick={() => setSymbol(p.symbol)}
              >
                <span className="seconds-pick-symbol">{p.symbol}</span>
                <LivePrice
                  price={price}
                  decimals={priceDecimals(price ?? '', bySymbol.get(p.symbol)?.tickSize)}
                />
              </button>
            );
          })}
        </div>
      )}
      {selected && (
        <section className="card seconds-head">
          <h2 className="seconds-head-symbol">{selected.symbol}</h2>
          <LivePrice
            price={ticker?.price}
            decimals={priceDecimals(ticker?.price ?? '', instrument?.tickSize)}
            className="seconds-head-price"
          />
          <AlertButton symbol={selected.symbol} price={ticker?.price} tickSize={instrument?.tickSize} />
        </section>
      )}
      {selected && <ChartPanel symbol={selected.symbol} tickSize={instrument?.tickSize} />}
      {selected && products.data && (
        <SecondsTicket
          symbol={selected.symbol}
          products={products.data}
          marketOpen={(ticker?.status ?? 'open') === 'open'}
          signedIn={signedIn}
        />
      )}
      {signedIn && <MyContracts />}
    </div>
  );
}

/** The caller's open contracts with their countdowns, and the latest result. */
function MyContracts() {
  const { t } = useTranslation();
  useLiveContracts();
  useLiveMoney();
  const open = useQuery({
    queryKey: secondsKeys.list('open'),
    queryFn: () => secondsApi.list('open', 1, 20),
  });
  const done = useQuery({
    queryKey: secondsKeys.list('completed'),
    queryFn: () => secondsApi.list('completed', 1, 1),
  });
  const latest = done.data?.items[0];
  return (
    <section className="stack" aria-label={t('seconds.orders.title')}>
      {latest && (
        <div className="stack">
          <h3 className="seconds-section-title">{t('seconds.card.latest')}</h3>
          <ContractCard order={latest} testId="seconds-result" />
        </div>
      )}
      {(open.data?.items.length ?? 0) > 0 && (
        <h3 className="seconds-section-title">{t('seconds.card.open')}</h3>
      )}
      {open.data?.items.map((o) => (
        <ContractCard key={o.id} order={o} />
      ))}
      <Link className="seconds-all" to="/pages/futures/OptionOrder" data-testid="seconds-all">
        {t('seconds.card.all')}
      </Link>
    </section>
  );
}

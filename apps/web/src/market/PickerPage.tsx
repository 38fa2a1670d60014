import type { Instrument } from '@otc/protocol/market/schemas';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ComingSoonBanner, SoonButton } from '../app/ComingSoon.tsx';
import { detailPath } from '../app/paths.ts';
import { useTabParam } from '../app/useTabParam.ts';
import type { TKey } from '../i18n/keys.ts';
import { priceDecimals } from '../money/format.ts';
import { EmptyState } from '../ui/EmptyState.tsx';
import { QueryFailed } from '../ui/QueryFailed.tsx';
import { ChartPanel } from './ChartPanel.tsx';
import { useFavorites } from './favorites.ts';
import { InstrumentHeader } from './InstrumentHeader.tsx';
import { useInstruments } from './instruments.ts';
import { Change, LivePrice } from './LivePrice.tsx';
import { useTickers } from './tickers.ts';
import './market.css';

export const PICKS = {
  perp: (i: Instrument) => i.kind === 'perp',
  crypto: (i: Instrument) => i.kind === 'spot' && i.class === 'crypto',
} as const;

/**
 * A trading screen: pick an instrument (kept in `?symbol=`), see its live price and chart, then
 * what `render` shows for it (the order ticket). Before its ticket exists (`soon`), a banner
 * saying what is coming and a disabled "Coming soon" button where the ticket will be.
 */
export function PickerPage({
  pick,
  soon,
  render,
}: {
  pick: keyof typeof PICKS;
  soon?: TKey;
  render?: (selected: Instrument) => ReactNode;
}) {
  const { t } = useTranslation();
  const { query, list } = useInstruments();
  const tickers = useTickers();
  const favorites = useFavorites();
  const [param, setSymbol] = useTabParam('symbol');
  const choices = useMemo(() => (list ?? []).filter(PICKS[pick]), [list, pick]);
  const selected = choices.find((i) => i.symbol === param) ?? choices[0];

  return (
    <div className="page-pad stack detail-page">
      {soon && <ComingSoonBanner text={soon} />}
      {!list ? (
        <QueryFailed pending={query.isPending} onRetry={() => void query.refetch()} />
      ) : choices.length === 0 ? (
        <EmptyState icon="markets" title={t('common.listEmpty')} />
      ) : (
        <div className="picker" role="radiogroup" aria-label={t('market.pick')}>
          {choices.map((instrument) => {
            const ticker = tickers.get(instrument.symbol);
            const on = instrument.symbol === selected?.symbol;
            return (
              // biome-ignore lint/a11y/useSemanticElements: a chip row, not form radios
              <button
                key={instrument.symbol}
                type="button"
                role="radio"
                aria-checked={on}
                className={`pick${on ? ' pick-on' : ''}`}
                data-testid={`pick-${instrument.symbol}`}
                onClick={() => setSymbol(instrument.symbol)}
              >
                <span className="pick-symbol">{instrument.symbol}</span>
                <LivePrice
                  price={ticker?.price}
                  decimals={priceDecimals(ticker?.price ?? '', instrument.tickSize)}
                  className="pick-price"
                />
                <Change change={ticker?.change24h} />
              </button>
            );
          })}
        </div>
      )}
      {selected && (
        <>
          <InstrumentHeader
            symbol={selected.symbol}
            instrument={selected}
            ticker={tickers.get(selected.symbol)}
            favorites={favorites}
            link={detailPath(selected.symbol, selected.kind)}
          />
          <ChartPanel symbol={selected.symbol} tickSize={selected.tickSize} />
        </>
      )}
      {render && selected ? (
        render(selected)
      ) : (
        <section className="card">
          <SoonButton />
        </section>
      )}
    </div>
  );
}

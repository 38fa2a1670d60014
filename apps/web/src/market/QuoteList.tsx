import { formatCompactIn } from '@otc/core/display';
import type { Instrument, Ticker } from '@otc/protocol/market/schemas';
import { memo, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { detailPath } from '../app/paths.ts';
import { useLang } from '../i18n/useLang.ts';
import { priceDecimals } from '../money/format.ts';
import { EmptyState } from '../ui/EmptyState.tsx';
import type { IconName } from '../ui/Icon.tsx';
import { FavStar } from './FavStar.tsx';
import type { Favorites } from './favorites.ts';
import { Change, LivePrice } from './LivePrice.tsx';
import { STATUS_LABELS } from './MarketNotice.tsx';
import { nextSort, type Sort, type SortKey, sortInstruments } from './sort.ts';
import type { TickerMap } from './tickers.ts';
import { FIRST_SCREEN_ROWS, useRestLater } from './useRestLater.ts';
import './market.css';
import { instrumentName } from './instrumentName.ts';

function SortButton({
  id,
  label,
  sort,
  onSort,
}: {
  id: SortKey;
  label: string;
  sort: Sort | null;
  onSort: (key: SortKey) => void;
}) {
  const dir = sort?.key === id ? sort.dir : null;
  return (
    <button
      type="button"
      className={`sort-btn${dir ? ' sort-btn-active' : ''}`}
      data-testid={`sort-${id}`}
      data-dir={dir ?? 'none'}
      onClick={() => onSort(id)}
    >
      <span>{label}</span>
      <span className="sort-arrows" aria-hidden="true">
        <span className={dir === 'asc' ? 'sort-on' : ''}>▲</span>
        <span className={dir === 'desc' ? 'sort-on' : ''}>▼</span>
      </span>
    </button>
  );
}

/**
 * A live price list: tap "24h vol" or "24h change" to sort (descending first, then flip); each
 * row opens the instrument's detail; the star (when `favorites` is given) toggles a favourite.
 */
export function QuoteList({
  instruments,
  tickers,
  favorites,
  empty,
}: {
  instruments: readonly Instrument[];
  tickers: TickerMap;
  favorites?: Favorites;
  empty?: { icon?: IconName; title: string; text?: string };
}) {
  const { t } = useTranslation();
  const [sort, setSort] = useState<Sort | null>(null);
  const rows = useMemo(() => sortInstruments(instruments, tickers, sort), [instruments, tickers, sort]);
  // The rows below the first screen come a moment later, and take a ticker frame's prices in a
  // transition too (a store update is drawn at once): the first frames of prices, which move
  // every row, then cost a short task for the first screen and yielding slices for the rest.
  const drawRest = useRestLater();
  const laterTickers = useDeferredValue(tickers);

  if (instruments.length === 0) {
    return <EmptyState icon={empty?.icon} title={empty?.title ?? t('common.listEmpty')} text={empty?.text} />;
  }
  return (
    <div className="quote-list">
      <div className={`quote-head${favorites ? ' quote-with-star' : ''}`}>
        <span className="quote-head-name">
          <span>{t('market.cols.name')}</span>
          <SortButton
            id="volume"
            label={t('market.cols.volume')}
            sort={sort}
            onSort={(k) => setSort(nextSort(sort, k))}
          />
        </span>
        <span className="quote-head-price">{t('market.cols.price')}</span>
        <span className="quote-head-change">
          <SortButton
            id="change"
            label={t('market.cols.change')}
            sort={sort}
            onSort={(k) => setSort(nextSort(sort, k))}
          />
        </span>
      </div>
      <ul className="quote-rows">
        {(drawRest ? rows : rows.slice(0, FIRST_SCREEN_ROWS)).map((instrument, index) => (
          <QuoteRow
            key={instrument.symbol}
            instrument={instrument}
            ticker={(index < FIRST_SCREEN_ROWS ? tickers : laterTickers).get(instrument.symbol)}
            favorites={favorites}
          />
        ))}
      </ul>
    </div>
  );
}

/**
 * One row, drawn again only when its own props change: a ticker frame replaces the tickers that
 * moved and keeps the others as they were (mergeTickers), so a frame redraws the rows that moved
 * instead of the whole list (issue 13: the list's redraws were most of the market page's blocking
 * time on a phone).
 */
const QuoteRow = memo(function QuoteRow({
  instrument,
  ticker,
  favorites,
}: {
  instrument: Instrument;
  ticker: Ticker | undefined;
  favorites: Favorites | undefined;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const { symbol } = instrument;
  const status = ticker?.status ?? instrument.status;
  return (
    <li
      className={`quote-row${favorites ? ' quote-with-star' : ''}`}
      data-testid="quote-row"
      data-symbol={symbol}
    >
      {favorites && <FavStar symbol={symbol} favorites={favorites} />}
      <Link
        className="quote-link"
        to={detailPath(symbol, instrument.kind)}
        data-testid={`home-ticker-${symbol}`}
      >
        <span className="quote-main">
          <span className="quote-symbol">
            {symbol}
            {status !== 'open' && (
              <span className={`status-chip status-${status}`}>{t(STATUS_LABELS[status])}</span>
            )}
          </span>
          <span className="quote-sub">
            {ticker
              ? // In its own quote currency (1.2B JPY), whatever the ranking compares it by.
                t('market.vol', {
                  value: `${formatCompactIn(ticker.quoteVolume24h, lang)} ${instrument.quote}`,
                })
              : instrumentName(instrument, t, lang)}
          </span>
        </span>
        <span className="quote-price">
          <LivePrice
            price={ticker?.price}
            decimals={priceDecimals(ticker?.price ?? '', instrument.tickSize)}
            testId={`price-${symbol}`}
          />
        </span>
        <span className="quote-change">
          <Change change={ticker?.change24h} badge />
        </span>
      </Link>
    </li>
  );
});

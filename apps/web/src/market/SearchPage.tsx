import type { Instrument } from '@otc/protocol/market/schemas';
import type { NewsHit } from '@otc/protocol/news/schemas';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { detailPath, NEWS_DETAIL_PATH } from '../app/paths.ts';
import { useDebounced } from '../app/useDebounced.ts';
import { priceDecimals } from '../money/format.ts';
import { EmptyState } from '../ui/EmptyState.tsx';
import { Icon } from '../ui/Icon.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { Change, LivePrice } from './LivePrice.tsx';
import { marketApi, marketKeys } from './marketApi.ts';
import { clearRecent, readRecent, rememberSearch } from './recent.ts';
import { type TickerMap, useTickers } from './tickers.ts';
import './market.css';
import { useLang } from '../i18n/useLang.ts';
import { instrumentName } from './instrumentName.ts';

export const SEARCH_DEBOUNCE_MS = 250;
/** The server's limit on a query. */
const MAX_QUERY = 32;

export default function SearchPage() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [recent, setRecent] = useState(readRecent);
  const q = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const tickers = useTickers();
  const lang = useLang();
  const results = useQuery({
    queryKey: marketKeys.search(q, lang),
    queryFn: () => marketApi.search(q),
    enabled: q.length > 0,
    staleTime: 60_000,
  });

  const remember = () => setRecent(rememberSearch(q));

  return (
    <div className="market-page">
      <form
        className="market-top search-top"
        onSubmit={(e) => {
          e.preventDefault();
          if (q) remember();
        }}
      >
        <label className="search-box">
          <Icon name="search" size={18} />
          <input
            type="search"
            className="search-input"
            value={text}
            maxLength={MAX_QUERY}
            placeholder={t('market.search.placeholder')}
            aria-label={t('market.search.placeholder')}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            enterKeyHint="search"
            // biome-ignore lint/a11y/noAutofocus: the search screen exists to type into
            autoFocus
            onChange={(e) => setText(e.target.value)}
            data-testid="search-input"
          />
          {results.isFetching && <Spinner size={16} />}
        </label>
      </form>
      {q.length === 0 ? (
        <Recent
          items={recent}
          onPick={setText}
          onClear={() => {
            clearRecent();
            setRecent([]);
          }}
        />
      ) : results.data ? (
        <>
          <Results
            items={results.data.items}
            tickers={tickers}
            onOpen={remember}
            newsFound={results.data.news.length > 0}
          />
          <NewsResults items={results.data.news} onOpen={remember} />
        </>
      ) : null}
    </div>
  );
}

function Recent({
  items,
  onPick,
  onClear,
}: {
  items: readonly string[];
  onPick: (q: string) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  if (items.length === 0) return <EmptyState icon="search" title={t('market.search.hint')} />;
  return (
    <section className="recent" data-testid="recent-searches">
      <div className="recent-head">
        <h2 className="recent-title">{t('market.search.recent')}</h2>
        <button type="button" className="btn btn-text" onClick={onClear} data-testid="recent-clear">
          <span>{t('market.search.clear')}</span>
        </button>
      </div>
      <div className="recent-chips">
        {items.map((q) => (
          <button
            key={q}
            type="button"
            className="chip"
            onClick={() => onPick(q)}
            data-testid="recent-search"
          >
            {q}
          </button>
        ))}
      </div>
    </section>
  );
}

function Results({
  items,
  tickers,
  onOpen,
  newsFound,
}: {
  items: readonly Instrument[];
  tickers: TickerMap;
  onOpen: () => void;
  /** News matched: no instrument is then not "no results". */
  newsFound: boolean;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  if (items.length === 0)
    return newsFound ? null : <EmptyState icon="search" title={t('market.search.noResults')} />;
  return (
    <ul className="search-results">
      {items.map((instrument) => {
        const ticker = tickers.get(instrument.symbol);
        return (
          <li key={instrument.symbol}>
            <Link
              to={detailPath(instrument.symbol, instrument.kind)}
              className="search-result"
              data-testid="search-result"
              data-symbol={instrument.symbol}
              onClick={onOpen}
            >
              <span className="quote-main">
                <span className="quote-symbol">{instrument.symbol}</span>
                <span className="quote-sub">
                  {instrumentName(instrument, t, lang)} · {t(KIND_LABELS[instrument.kind])}
                </span>
              </span>
              <span className="search-result-end">
                <LivePrice
                  price={ticker?.price}
                  decimals={priceDecimals(ticker?.price ?? '', instrument.tickSize)}
                />
                <Change change={ticker?.change24h} />
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** Published news whose title holds the query, in the reader's language (or English). */
function NewsResults({ items, onOpen }: { items: readonly NewsHit[]; onOpen: () => void }) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  return (
    <section className="recent" data-testid="search-news">
      <h2 className="recent-title">{t('content.news.title')}</h2>
      <ul className="search-results">
        {items.map((n) => (
          <li key={n.id}>
            <Link
              to={`${NEWS_DETAIL_PATH}?${new URLSearchParams({ id: n.id })}`}
              className="search-result"
              data-testid="search-news-result"
              onClick={onOpen}
            >
              <span className="quote-main">
                <span className="quote-symbol">{n.title}</span>
                <span className="quote-sub">{t(`content.news.kinds.${n.kind}`)}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

const KIND_LABELS = {
  spot: 'market.spot',
  perp: 'market.tabs.perpetuals',
  cfd: 'cfd.list.title',
} as const;

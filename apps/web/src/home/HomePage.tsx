import { DATE_ONLY, formatDateTimeIn } from '@otc/core/display';
import type { HomeData, Instrument, Ticker } from '@otc/protocol/market/schemas';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useLiteQuery } from '../api/useLiteQuery.ts';
import { useSession } from '../api/useSession.ts';
import { detailPath, LOGIN_PATH, NEWS_DETAIL_PATH, REGISTER_PATH } from '../app/paths.ts';
import { ShortcutGrid } from '../app/ShortcutGrid.tsx';
import { isNewUserState } from '../app/welcome.ts';
import { useLang } from '../i18n/useLang.ts';
import {
  Change,
  LivePrice,
  marketApi,
  marketKeys,
  type TickerMap,
  topByVolume,
  useInstruments,
  useTickers,
} from '../market/index.ts';
import { priceDecimals } from '../money/format.ts';
import { NoticeBell } from '../notifications/index.ts';
import { Button } from '../ui/Button.tsx';
import { Icon } from '../ui/Icon.tsx';
import { DelayedSpinner } from '../ui/Spinner.tsx';
import { SHORTCUTS } from './shortcuts.ts';
import './home.css';

/** The instruments the home page puts first, when the platform lists them. */
export const HIGHLIGHTS = ['BTC/USDT', 'ETH/USDT', 'XAU/USD'] as const;
const MOVERS = 10;
const MOVER_TABS = ['gainers', 'losers', 'volume'] as const;
type MoverTab = (typeof MOVER_TABS)[number];

export default function HomePage() {
  const { t } = useTranslation();
  const { user } = useSession();
  // Just registered: a welcome, not "welcome back" (issue #13).
  const newUser = isNewUserState(useLocation().state);
  // The announcements come in the reader's language: a language switch fetches them again.
  const home = useLiteQuery([...marketKeys.home, useLang()], marketApi.home);
  const tickers = useTickers({ fetch: false, seed: home.data?.tickers });
  const { bySymbol } = useInstruments();
  // The seed fills in until the live map has merged it (an effect, one render later), so the
  // cards never blink out between the two.
  const seed = home.data?.tickers;
  const highlights = HIGHLIGHTS.flatMap((s) => tickers.get(s) ?? seed?.find((x) => x.symbol === s) ?? []);

  return (
    <div className="page-pad stack">
      <section className="home-hero">
        {user && (
          <div className="home-hero-top">
            <p className="home-welcome" data-testid="home-welcome">
              {t(newUser ? 'home.welcomeNew' : 'home.welcome', { name: user.nickname })}
            </p>
            <NoticeBell userId={user.id} className="home-bell" />
          </div>
        )}
        <h2 className="home-hero-title">{t('app.name')}</h2>
        <p className="home-hero-sub">{t('home.hero')}</p>
        {!user && (
          <div className="home-hero-actions">
            <Link className="btn btn-light" to={LOGIN_PATH} data-testid="home-login">
              {t('home.login')}
            </Link>
            <Link className="btn btn-outline-light" to={REGISTER_PATH} data-testid="home-register">
              {t('home.register')}
            </Link>
          </div>
        )}
      </section>
      <Announcements items={home.data?.announcements} pending={home.isPending} />
      {/* While home's data loads, placeholders hold the cards' place: the shortcuts below must not
          move when the prices arrive (issue 13: CLS 0.12). */}
      {home.isPending ? (
        <section className="home-highlights" aria-hidden="true" data-testid="home-highlights-pending">
          {HIGHLIGHTS.map((symbol) => (
            <HighlightPlaceholder key={symbol} symbol={symbol} />
          ))}
        </section>
      ) : (
        highlights.length > 0 && (
          <section className="home-highlights" aria-label={t('home.markets')} data-testid="home-highlights">
            {highlights.map((ticker) => (
              <Highlight key={ticker.symbol} ticker={ticker} instrument={bySymbol.get(ticker.symbol)} />
            ))}
          </section>
        )
      )}
      <Shortcuts />
      <section className="card home-movers">
        <h2 className="home-section-title">{t('home.movers')}</h2>
        {home.data ? (
          <Movers data={home.data} tickers={tickers} instruments={bySymbol} />
        ) : home.isPending ? (
          <DelayedSpinner />
        ) : (
          <div className="home-empty">
            <span>{t('app.loadFailed')}</span>
            <Button variant="text" onClick={() => void home.refetch()} data-testid="retry">
              {t('app.retry')}
            </Button>
          </div>
        )}
      </section>
    </div>
  );
}

// Home draws again on every ticker frame (about one a second): the parts that do not show prices
// are memoised, so a frame redraws the prices only (issue 13: blocking time on a phone).
const Announcements = memo(function Announcements({
  items,
  pending,
}: {
  items: HomeData['announcements'] | undefined;
  pending: boolean;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  // An empty strip of the same height holds its place while home's data loads.
  if (pending) return <div className="home-news" aria-hidden="true" />;
  if (!items) return null;
  return (
    <section className="home-news" aria-label={t('home.announcements')} data-testid="announcements">
      <Icon name="bell" size={18} className="home-news-icon" />
      {items.length === 0 ? (
        <span className="home-news-empty" data-testid="announcements-empty">
          {t('home.noAnnouncements')}
        </span>
      ) : (
        <ul className="home-news-strip">
          {items.map((a) => (
            <li key={a.id}>
              <Link
                to={`${NEWS_DETAIL_PATH}?${new URLSearchParams({ id: a.id })}`}
                className="home-news-item"
                data-testid="announcement"
              >
                <span className="home-news-title">{a.title}</span>
                <span className="home-news-date">{formatDateTimeIn(a.publishedAt, lang, DATE_ONLY)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
});

/** The shortcuts to the money and service pages (home/shortcuts.ts). */
const Shortcuts = memo(function Shortcuts() {
  const { t } = useTranslation();
  return <ShortcutGrid shortcuts={SHORTCUTS} label={t('home.shortcuts')} testId="home-shortcuts" />;
});

/** A highlight card's shape, with the symbol and no price yet. */
function HighlightPlaceholder({ symbol }: { symbol: string }) {
  return (
    <div className="home-highlight">
      <span className="home-highlight-symbol">{symbol}</span>
      <LivePrice price={undefined} decimals={0} className="home-highlight-price" />
      <Change change={undefined} />
    </div>
  );
}

const Highlight = memo(function Highlight({
  ticker,
  instrument,
}: {
  ticker: Ticker;
  instrument: Instrument | undefined;
}) {
  const { symbol } = ticker;
  return (
    <Link
      to={detailPath(symbol, instrument?.kind)}
      className="home-highlight"
      data-testid={`home-ticker-${symbol}`}
    >
      <span className="home-highlight-symbol">{symbol}</span>
      <LivePrice
        price={ticker.price}
        decimals={priceDecimals(ticker.price, instrument?.tickSize)}
        testId={`price-${symbol}`}
        className="home-highlight-price"
      />
      <Change change={ticker.change24h} />
    </Link>
  );
});

function Movers({
  data,
  tickers,
  instruments,
}: {
  data: HomeData;
  tickers: TickerMap;
  instruments: ReadonlyMap<string, Instrument>;
}) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<MoverTab>('gainers');
  const rows =
    tab === 'volume'
      ? topByVolume(tickers.values(), MOVERS)
      : (tab === 'gainers' ? data.gainers : data.losers)
          .slice(0, MOVERS)
          .map((m) => tickers.get(m.symbol) ?? m);
  return (
    <>
      <div className="home-tabs" role="tablist">
        {MOVER_TABS.map((id) => (
          <button
            key={id}
            type="button"
            role="tab"
            aria-selected={tab === id}
            className={`home-tab${tab === id ? ' home-tab-active' : ''}`}
            data-testid={`movers-tab-${id}`}
            onClick={() => setTab(id)}
          >
            {t(`home.${id}`)}
          </button>
        ))}
      </div>
      {rows.length === 0 ? (
        <p className="home-empty" data-testid="movers-empty">
          {t('home.noMarketData')}
        </p>
      ) : (
        <ul className="home-mover-list" data-testid={`movers-${tab}`}>
          {rows.map((ticker) => (
            <MoverRow key={ticker.symbol} ticker={ticker} instrument={instruments.get(ticker.symbol)} />
          ))}
        </ul>
      )}
    </>
  );
}

const MoverRow = memo(function MoverRow({
  ticker,
  instrument,
}: {
  ticker: Ticker;
  instrument: Instrument | undefined;
}) {
  return (
    <li>
      <Link
        to={detailPath(ticker.symbol, instrument?.kind)}
        className="home-mover"
        data-testid="mover-row"
        data-symbol={ticker.symbol}
      >
        <span className="home-mover-symbol">{ticker.symbol}</span>
        <LivePrice
          price={ticker.price}
          decimals={priceDecimals(ticker.price, instrument?.tickSize)}
          testId={`mover-price-${ticker.symbol}`}
          className="home-mover-price"
        />
        <Change change={ticker.change24h} badge />
      </Link>
    </li>
  );
});

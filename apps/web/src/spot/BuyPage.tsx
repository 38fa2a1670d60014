import type { Instrument } from '@otc/protocol/market/schemas';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../api/useSession.ts';
import { useTabParam } from '../app/useTabParam.ts';
import { useLang } from '../i18n/useLang.ts';
import { Change, LivePrice, useInstruments, useTicker, useTickers } from '../market/index.ts';
import { formatPrice, priceDecimals, tickDecimals, tone } from '../money/format.ts';
import { EmptyState } from '../ui/EmptyState.tsx';
import { Icon } from '../ui/Icon.tsx';
import { QueryFailed } from '../ui/QueryFailed.tsx';
import { OrderForm } from './OrderForm.tsx';
import { SpotOrders } from './SpotOrders.tsx';
import type { Realm } from './spotApi.ts';
import { bookRows } from './spotMath.ts';
import { useBook, useTape } from './useBook.ts';
import './spot.css';

export const DEFAULT_SYMBOL = 'BTC/USDT';

const isSpotPair = (i: Instrument) => i.kind === 'spot' && i.class === 'crypto';

/** Spot trading: pair, live price, order book, recent trades, the order ticket and the user's orders. */
export default function BuyPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const realm: Realm = user?.kind === 'demo' ? 'demo' : 'live';
  const { query, list } = useInstruments();
  const tickers = useTickers();
  const [param, setSymbol] = useTabParam('symbol');
  const pairs = useMemo(() => (list ?? []).filter(isSpotPair), [list]);
  const wanted = param ?? DEFAULT_SYMBOL;
  const instrument = pairs.find((i) => i.symbol === wanted) ?? pairs[0];
  const symbol = instrument?.symbol ?? wanted;
  const ticker = useTicker(symbol, undefined) ?? tickers.get(symbol);
  const [picked, setPicked] = useState<{ price: string; n: number } | null>(null);
  const [sheet, setSheet] = useState(false);

  if (!list) {
    return (
      <div className="page-pad">
        <QueryFailed pending={query.isPending} onRetry={() => void query.refetch()} />
      </div>
    );
  }
  if (!instrument) {
    return (
      <div className="page-pad">
        <EmptyState icon="trade" title={t('common.listEmpty')} />
      </div>
    );
  }
  const decimals = priceDecimals(ticker?.price ?? '', instrument.tickSize);

  return (
    <div className="page-pad stack spot-page">
      <section className="card spot-head">
        <button
          type="button"
          className="spot-pair"
          onClick={() => setSheet(true)}
          aria-haspopup="dialog"
          data-testid="pair-switcher"
        >
          <span className="spot-pair-symbol" data-testid="spot-symbol">
            {symbol}
          </span>
          <Icon name="chevron" size={16} />
        </button>
        <div className={`spot-price mk-${ticker ? tone(ticker.change24h) : 'flat'}`}>
          <LivePrice price={ticker?.price} decimals={decimals} testId="last-price" className="spot-last" />
          <Change change={ticker?.change24h} testId="last-change" />
        </div>
      </section>

      {sheet && (
        <PairSheet
          pairs={pairs}
          current={symbol}
          onPick={(s) => {
            setSheet(false);
            setPicked(null);
            setSymbol(s);
          }}
          onClose={() => setSheet(false)}
          tickers={tickers}
        />
      )}

      <div className="spot-market">
        <OrderBook
          symbol={symbol}
          realm={realm}
          decimals={tickDecimals(instrument.tickSize)}
          onPick={(price) => setPicked((p) => ({ price, n: (p?.n ?? 0) + 1 }))}
        />
        <RecentTrades symbol={symbol} realm={realm} decimals={tickDecimals(instrument.tickSize)} />
      </div>

      <OrderForm key={symbol} instrument={instrument} last={ticker?.price} picked={picked} />
      <SpotOrders symbol={symbol} instrument={instrument} />
    </div>
  );
}

function PairSheet({
  pairs,
  current,
  onPick,
  onClose,
  tickers,
}: {
  pairs: Instrument[];
  current: string;
  onPick: (symbol: string) => void;
  onClose: () => void;
  tickers: ReturnType<typeof useTickers>;
}) {
  const { t } = useTranslation();
  return (
    <div className="spot-sheet-layer">
      <button
        type="button"
        className="spot-sheet-backdrop"
        onClick={onClose}
        aria-label={t('common.close')}
        tabIndex={-1}
      />
      <div className="spot-sheet" role="dialog" aria-modal="true" aria-label={t('spot.pairs')}>
        <div className="spot-sheet-head">
          <h2>{t('spot.pairs')}</h2>
          <button type="button" className="icon-btn" onClick={onClose} aria-label={t('common.close')}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <ul className="spot-sheet-list">
          {pairs.map((pair) => {
            const ticker = tickers.get(pair.symbol);
            return (
              <li key={pair.symbol}>
                <button
                  type="button"
                  className={`spot-sheet-item${pair.symbol === current ? ' spot-sheet-item-on' : ''}`}
                  aria-current={pair.symbol === current}
                  onClick={() => onPick(pair.symbol)}
                  data-testid={`pair-${pair.symbol}`}
                >
                  <span className="spot-sheet-symbol">{pair.symbol}</span>
                  <LivePrice price={ticker?.price} decimals={tickDecimals(pair.tickSize)} />
                  <Change change={ticker?.change24h} />
                </button>
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}

function OrderBook({
  symbol,
  realm,
  decimals,
  onPick,
}: {
  symbol: string;
  realm: Realm;
  decimals: number;
  onPick: (price: string) => void;
}) {
  const { t } = useTranslation();
  const book = useBook(symbol, realm);
  const asks = useMemo(() => bookRows(book?.asks ?? []).reverse(), [book]);
  const bids = useMemo(() => bookRows(book?.bids ?? []), [book]);
  return (
    <section className="card spot-book" aria-label={t('spot.book.title')}>
      <div className="spot-cols">
        <span>{t('spot.book.price')}</span>
        <span>{t('spot.book.qty')}</span>
      </div>
      <BookSide rows={asks} side="asks" decimals={decimals} onPick={onPick} />
      <BookSide rows={bids} side="bids" decimals={decimals} onPick={onPick} />
    </section>
  );
}

function BookSide({
  rows,
  side,
  decimals,
  onPick,
}: {
  rows: ReturnType<typeof bookRows>;
  side: 'asks' | 'bids';
  decimals: number;
  onPick: (price: string) => void;
}) {
  const lang = useLang();
  return (
    <ul className={`spot-book-side spot-${side}`} data-testid={`book-${side}`}>
      {rows.map((row) => (
        <li key={row.price}>
          <button
            type="button"
            className="spot-level"
            data-testid="book-level"
            data-price={row.price}
            onClick={() => onPick(row.price)}
          >
            <span className="spot-level-bar" style={{ width: `${row.depth}%` }} />
            <span className="spot-level-price">{formatPrice(row.price, decimals, lang)}</span>
            <span className="spot-level-qty">{formatQty(row.qty, lang)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

function formatQty(qty: string, lang: string): string {
  return formatPrice(qty, Math.min((qty.split('.')[1] ?? '').length, 6), lang);
}

function RecentTrades({ symbol, realm, decimals }: { symbol: string; realm: Realm; decimals: number }) {
  const { t } = useTranslation();
  const lang = useLang();
  const tape = useTape(symbol, realm);
  const time = useMemo(
    () => new Intl.DateTimeFormat(lang, { hour: '2-digit', minute: '2-digit', second: '2-digit' }),
    [lang],
  );
  return (
    <section className="card spot-tape" aria-label={t('spot.trades.title')}>
      <h3 className="spot-tape-title">{t('spot.trades.title')}</h3>
      <div className="spot-cols">
        <span>{t('spot.book.price')}</span>
        <span>{t('spot.book.qty')}</span>
        <span>{t('spot.trades.time')}</span>
      </div>
      <ul className="spot-tape-list" data-testid="recent-trades">
        {(tape ?? []).map((row) => {
          const when = Date.parse(row.time);
          return (
            <li
              key={row.id}
              className="spot-trade"
              data-testid="trade-row"
              data-trade-id={row.id}
              data-side={row.takerSide}
            >
              <span className={row.takerSide === 'buy' ? 'mk-up spot-tone' : 'mk-down spot-tone'}>
                {formatPrice(row.price, decimals, lang)}
              </span>
              <span>{formatQty(row.qty, lang)}</span>
              <span className="spot-trade-time">{Number.isFinite(when) ? time.format(when) : ''}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

import type { Instrument } from '@otc/protocol/market/schemas';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertButton } from '../alerts/index.ts';
import { useSession } from '../api/useSession.ts';
import { useTabParam } from '../app/useTabParam.ts';
import { Change, LivePrice, useInstruments, useTicker, useTickers } from '../market/index.ts';
import { ChartPanel } from '../market/screens.ts';
import { priceDecimals, tickDecimals, tone } from '../money/format.ts';
import { EmptyState } from '../ui/EmptyState.tsx';
import { Icon } from '../ui/Icon.tsx';
import { QueryFailed } from '../ui/QueryFailed.tsx';
import { BookLevels } from './BookLevels.tsx';
import { OrderForm } from './OrderForm.tsx';
import { PairSheet } from './PairSheet.tsx';
import { RecentTrades } from './RecentTrades.tsx';
import { SpotOrders } from './SpotOrders.tsx';
import type { Realm } from './spotApi.ts';
import './spot.css';

export const DEFAULT_SYMBOL = 'BTC/USDT';

const isSpotPair = (i: Instrument) => i.kind === 'spot' && i.class === 'crypto';
/** Levels a side the phone layout shows of the 20 the book holds. */
const PHONE_BOOK_ROWS = 8;

/**
 * Spot trading: pair and live price, the order ticket beside the order book, the chart on demand,
 * the user's orders and the recent trades. Guests see it all but their own orders, and the ticket's
 * button asks them to log in.
 */
export default function BuyPage() {
  const { t } = useTranslation();
  const { user, token } = useSession();
  const realm: Realm = user?.kind === 'demo' ? 'demo' : 'live';
  const { query, list } = useInstruments();
  const tickers = useTickers();
  const [param, setSymbol] = useTabParam('symbol');
  const [sideParam] = useTabParam('side');
  const pairs = useMemo(() => (list ?? []).filter(isSpotPair), [list]);
  const wanted = param ?? DEFAULT_SYMBOL;
  const instrument = pairs.find((i) => i.symbol === wanted) ?? pairs[0];
  const symbol = instrument?.symbol ?? wanted;
  const ticker = useTicker(symbol, undefined) ?? tickers.get(symbol);
  const [picked, setPicked] = useState<{ price: string; n: number } | null>(null);
  const [sheet, setSheet] = useState(false);
  const [chart, setChart] = useState(false);
  const chartRef = useRef<HTMLDivElement>(null);
  // The chart opens below the ticket (which keeps its place on the first screen): bring it into view.
  useEffect(() => {
    if (chart) chartRef.current?.scrollIntoView({ behavior: 'smooth', block: 'nearest' });
  }, [chart]);

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
  const lastPrice = (testId?: string, className?: string) => (
    <LivePrice price={ticker?.price} decimals={decimals} testId={testId} className={className} />
  );

  // Binance/Bybit's phone layout (issue #13): the ticket and the book side by side under the pair,
  // so the order button is on the first screen; below them the chart (on demand), orders, trades.
  return (
    <div className="spot-page">
      <section className="spot-head">
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
          {lastPrice('last-price', 'spot-last')}
          <Change change={ticker?.change24h} testId="last-change" />
        </div>
        <button
          type="button"
          className={`icon-btn spot-chart-toggle${chart ? ' spot-chart-toggle-on' : ''}`}
          aria-expanded={chart}
          aria-controls="spot-chart"
          aria-label={t('spot.chart')}
          onClick={() => setChart((on) => !on)}
          data-testid="chart-toggle"
        >
          <Icon name="markets" size={20} />
        </button>
        <AlertButton symbol={symbol} price={ticker?.price} tickSize={instrument.tickSize} />
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

      <div className="spot-main">
        <OrderForm
          key={symbol}
          instrument={instrument}
          last={ticker?.price}
          picked={picked}
          initialSide={sideParam === 'sell' ? 'sell' : 'buy'}
          signedIn={token !== null}
        />
        <BookLevels
          symbol={symbol}
          realm={realm}
          tickSize={instrument.tickSize}
          rows={PHONE_BOOK_ROWS}
          onPick={(price) => setPicked((p) => ({ price, n: (p?.n ?? 0) + 1 }))}
          mid={
            <div className={`spot-mid mk-${ticker ? tone(ticker.change24h) : 'flat'}`}>
              {lastPrice(undefined, 'spot-mid-price')}
            </div>
          }
        />
      </div>

      {chart && (
        <div id="spot-chart" className="spot-chart" ref={chartRef}>
          <ChartPanel symbol={symbol} tickSize={instrument.tickSize} />
        </div>
      )}
      {token !== null && <SpotOrders symbol={symbol} instrument={instrument} />}
      <RecentTrades symbol={symbol} realm={realm} decimals={tickDecimals(instrument.tickSize)} />
    </div>
  );
}

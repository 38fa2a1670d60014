import type { Instrument } from '@otc/protocol/market/schemas';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../api/useSession.ts';
import { useTabParam } from '../app/useTabParam.ts';
import { Change, LivePrice, useInstruments, useTicker, useTickers } from '../market/index.ts';
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
        <BookLevels
          symbol={symbol}
          realm={realm}
          tickSize={instrument.tickSize}
          rows={PHONE_BOOK_ROWS}
          onPick={(price) => setPicked((p) => ({ price, n: (p?.n ?? 0) + 1 }))}
        />
        <RecentTrades symbol={symbol} realm={realm} decimals={tickDecimals(instrument.tickSize)} />
      </div>

      <OrderForm key={symbol} instrument={instrument} last={ticker?.price} picked={picked} />
      <SpotOrders symbol={symbol} instrument={instrument} />
    </div>
  );
}

import { lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../i18n/useLang.ts';
import { formatPrice, tickDecimals } from '../money/format.ts';
import { Tabs } from '../ui/Tabs.tsx';
import { formatQty } from './formatQty.ts';
import { groupLevels, groupSteps } from './grouping.ts';
import type { Realm } from './spotApi.ts';
import { bookRows } from './spotMath.ts';
import { BOOK_LEVELS, useBook } from './useBook.ts';
import './book.css';

// Its own chunk: only a trader who opens Depth loads the drawing.
const DepthChart = lazy(() => import('./DepthChart.tsx'));

type View = 'book' | 'depth';

/**
 * The order book: up to 20 levels a side (what the server sends), `rows` of them shown (a phone
 * layout may show fewer), grouped by the chosen price step (`grouping.ts`). A tapped level hands
 * its price to the ticket. The screen's layout places it; its logic stays here. A Book | Depth tab
 * row on top swaps the levels for a depth chart drawn from the same book (decision 0164).
 */
export function BookLevels({
  symbol,
  realm,
  tickSize,
  rows = BOOK_LEVELS,
  onPick,
  mid,
}: {
  symbol: string;
  realm: Realm;
  tickSize: string;
  rows?: number;
  onPick: (price: string) => void;
  /** Shown between the asks and the bids (the last price). */
  mid?: ReactNode;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const book = useBook(symbol, realm);
  const steps = useMemo(() => groupSteps(tickSize), [tickSize]);
  const [picked, setStep] = useState<string | null>(null);
  const [view, setView] = useState<View>('book');
  const step = picked !== null && steps.includes(picked) ? picked : (steps[0] ?? tickSize);
  // Best first on both sides: the stylesheet draws the asks upwards from the middle, so a short
  // book column drops whole levels furthest from the price, never half a row.
  const asks = useMemo(() => bookRows(groupLevels(book?.asks ?? [], 'asks', step, rows)), [book, step, rows]);
  const bids = useMemo(() => bookRows(groupLevels(book?.bids ?? [], 'bids', step, rows)), [book, step, rows]);
  const decimals = tickDecimals(step);
  return (
    <section className="card spot-book" aria-label={t('spot.book.title')}>
      <Tabs<View>
        tabs={[
          { id: 'book', label: t('spot.book.tab') },
          { id: 'depth', label: t('spot.depth.tab') },
        ]}
        value={view}
        onChange={setView}
        testIdPrefix="book-view-"
        label={t('spot.book.title')}
      />
      {view === 'depth' ? (
        <Suspense fallback={<div className="book-depth-loading" />}>
          <DepthChart book={book} decimals={tickDecimals(tickSize)} lang={lang} />
        </Suspense>
      ) : (
        <>
          <div className="book-head">
            <div className="spot-cols">
              <span>{t('spot.book.price')}</span>
              <span>{t('spot.book.qty')}</span>
            </div>
            <select
              className="book-grouping"
              value={step}
              onChange={(e) => setStep(e.target.value)}
              aria-label={t('spot.book.grouping')}
              data-testid="book-grouping"
            >
              {steps.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </div>
          <BookSide rows={asks} side="asks" decimals={decimals} onPick={onPick} />
          {mid}
          <BookSide rows={bids} side="bids" decimals={decimals} onPick={onPick} />
        </>
      )}
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
            data-qty={row.qty}
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

import { type PointerEvent, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../money/format.ts';
import { type DepthPoint, deepestTotal, depthPoints, midPrice } from './depth.ts';
import { formatQty } from './formatQty.ts';
import type { Book } from './spotMath.ts';
import './depth.css';

/* The drawing's own units (the SVG scales to the column's width); room below for the price axis. */
const W = 150;
const H = 250;
/* Room at the sides so the outer strokes are not cut by the card's edge. */
const PAD = 3;
const PLOT_TOP = 16;
const PLOT_BOTTOM = H - 18;

/**
 * The book as a depth chart (issue 31): bids cumulated leftwards from the best bid, asks rightwards
 * from the best ask, the mid price marked. Drawn from the book the book view already holds (no
 * second subscription). Numbers only here, to place points; every figure shown is the exact string.
 * A tap or hover shows the nearest point's price and cumulative size. `lang` comes from the book:
 * importing `useLang` here made the build split the first route's language list into a chunk of its
 * own, 80 bytes over the first route's budget.
 */
export default function DepthChart({
  book,
  decimals,
  lang,
}: {
  book: Book | null;
  decimals: number;
  lang: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const bids = useMemo(() => depthPoints(book?.bids ?? [], 'bids'), [book]);
  const asks = useMemo(() => depthPoints(book?.asks ?? [], 'asks'), [book]);
  const mid = midPrice(bids, asks);
  const [hover, setHover] = useState<{ side: 'bids' | 'asks'; point: DepthPoint } | null>(null);

  const low = Number(bids.at(-1)?.price ?? asks[0]?.price ?? 0);
  const high = Number(asks.at(-1)?.price ?? bids[0]?.price ?? 0);
  const deepest = deepestTotal(bids, asks);
  const most = Number(deepest);
  const x = (price: string) =>
    high > low ? PAD + ((Number(price) - low) / (high - low)) * (W - 2 * PAD) : W / 2;
  const y = (total: string) =>
    most > 0 ? PLOT_BOTTOM - (Number(total) / most) * (PLOT_BOTTOM - PLOT_TOP) : PLOT_BOTTOM;
  const price = (p: string) => formatPrice(p, decimals, lang);

  const pick = (e: PointerEvent<SVGSVGElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    const at = ((e.clientX - box.left) / box.width) * W;
    let best: { side: 'bids' | 'asks'; point: DepthPoint } | null = null;
    let gap = Number.POSITIVE_INFINITY;
    for (const [side, points] of [
      ['bids', bids],
      ['asks', asks],
    ] as const) {
      for (const point of points) {
        const d = Math.abs(x(point.price) - at);
        if (d < gap) {
          gap = d;
          best = { side, point };
        }
      }
    }
    setHover(best);
  };

  const bestBid = bids[0]?.price;
  const bestAsk = asks[0]?.price;
  return (
    <div className="depth" data-testid="depth-chart">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        className="depth-svg"
        data-testid="depth-svg"
        data-bid-points={bids.length}
        data-ask-points={asks.length}
        data-best-bid={bestBid ?? ''}
        data-best-ask={bestAsk ?? ''}
        data-mid={mid ?? ''}
        data-bid-total={bids.at(-1)?.total ?? '0'}
        data-ask-total={asks.at(-1)?.total ?? '0'}
        onPointerMove={pick}
        onPointerDown={pick}
        onPointerLeave={() => setHover(null)}
      >
        <title id={`${id}-title`}>{t('spot.depth.title')}</title>
        <desc id={`${id}-desc`}>
          {bestBid && bestAsk
            ? t('spot.depth.desc', {
                bid: price(bestBid),
                ask: price(bestAsk),
                levels: bids.length + asks.length,
              })
            : t('spot.depth.empty')}
        </desc>
        <path className="depth-bids" d={area(bids, x, y)} data-testid="depth-bids" />
        <path className="depth-asks" d={area(asks, x, y)} data-testid="depth-asks" />
        {mid !== null && (
          <g className="depth-mid" data-testid="depth-mid">
            <line x1={x(mid)} x2={x(mid)} y1={PLOT_TOP} y2={PLOT_BOTTOM} />
            <text x={x(mid)} y={PLOT_TOP - 4} textAnchor="middle">
              {price(mid)}
            </text>
          </g>
        )}
        {hover && (
          <circle
            className={`depth-dot depth-dot-${hover.side}`}
            cx={x(hover.point.price)}
            cy={y(hover.point.total)}
            r={3}
          />
        )}
        {bids.length + asks.length > 0 && (
          <g className="depth-axis">
            <text x={0} y={H - 4} textAnchor="start">
              {price(bids.at(-1)?.price ?? asks[0]?.price ?? '0')}
            </text>
            <text x={W} y={H - 4} textAnchor="end">
              {price(asks.at(-1)?.price ?? bids[0]?.price ?? '0')}
            </text>
            <text x={0} y={PLOT_TOP - 4} textAnchor="start">
              {formatQty(deepest, lang)}
            </text>
          </g>
        )}
      </svg>
      <p
        className="depth-readout"
        data-testid="depth-readout"
        data-side={hover?.side ?? ''}
        data-price={hover?.point.price ?? ''}
        data-total={hover?.point.total ?? ''}
      >
        {hover ? (
          <>
            <span className={`depth-readout-${hover.side}`}>{price(hover.point.price)}</span>
            <span>
              {t('spot.depth.total')} {formatQty(hover.point.total, lang)}
            </span>
          </>
        ) : (
          <span>{t('spot.depth.hint')}</span>
        )}
      </p>
    </div>
  );
}

/** One side's stepped area: from the best price at zero, out along each level's cumulative size. */
function area(points: readonly DepthPoint[], x: (p: string) => number, y: (t: string) => number): string {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return '';
  let d = `M${x(first.price)},${y('0')}`;
  let height = y('0');
  for (const point of points) {
    d += ` L${x(point.price)},${height} L${x(point.price)},${y(point.total)}`;
    height = y(point.total);
  }
  return `${d} L${x(last.price)},${y('0')} Z`;
}

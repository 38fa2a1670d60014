import { formatUnits, type Units } from '@otc/core/money/decimal';
import { unitsOrNull } from '../money/amounts.ts';
import type { Level } from './spotMath.ts';

/**
 * The depth chart's data (issue 31): each side of the book as cumulative points, exactly (decimal
 * units added as bigint; the chart turns them into numbers only to draw). A point says "this much
 * can be bought (asks) or sold (bids) at this price or better".
 */

export interface DepthPoint {
  price: string;
  /** The size of this level and every better one on its side. */
  total: string;
}

/**
 * `levels` of one side as cumulative points from the best price outwards: bids high to low, asks
 * low to high, whatever order they came in. Unreadable or empty levels are skipped; equal prices
 * are added together into one point.
 */
export function depthPoints(levels: readonly Level[], side: 'asks' | 'bids'): DepthPoint[] {
  const byPrice = new Map<Units, Units>();
  for (const [priceText, qtyText] of levels) {
    const price = unitsOrNull(priceText);
    const qty = unitsOrNull(qtyText);
    if (price === null || qty === null || price <= 0n || qty <= 0n) continue;
    byPrice.set(price, (byPrice.get(price) ?? 0n) + qty);
  }
  const outwards = [...byPrice.entries()].sort(([a], [b]) =>
    a === b ? 0 : a < b === (side === 'asks') ? -1 : 1,
  );
  let total = 0n;
  return outwards.map(([price, qty]) => {
    total += qty;
    return { price: formatUnits(price), total: formatUnits(total) };
  });
}

/** Halfway between the best bid and the best ask, exactly; null while a side is empty. */
export function midPrice(bids: readonly DepthPoint[], asks: readonly DepthPoint[]): string | null {
  const bid = unitsOrNull(bids[0]?.price);
  const ask = unitsOrNull(asks[0]?.price);
  if (bid === null || ask === null) return null;
  // Units carry 18 places: halving a price of at most 18 places loses nothing a price shows.
  return formatUnits((bid + ask) / 2n);
}

/** The larger of the two sides' whole sizes (the chart's height), exactly; '0' for an empty book. */
export function deepestTotal(bids: readonly DepthPoint[], asks: readonly DepthPoint[]): string {
  const bid = unitsOrNull(bids.at(-1)?.total) ?? 0n;
  const ask = unitsOrNull(asks.at(-1)?.total) ?? 0n;
  return formatUnits(bid > ask ? bid : ask);
}

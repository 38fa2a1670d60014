import { formatUnits, type Units } from '@otc/core/money/decimal';
import { unitsOrNull } from '../money/amounts.ts';
import type { Level } from './spotMath.ts';

/**
 * Price grouping of the order book (issue 13): levels added up into buckets of a wider step, exactly
 * (decimal units, never JS numbers). A bid goes to the bucket at or below its price, an ask to the
 * one at or above: a grouped bid never shows a price higher than someone bids, nor a grouped ask
 * a price lower than someone asks, so the grouped spread is never narrower than the real one.
 */

/** The grouping steps offered for a tick: the tick itself, then 10, 100 and 1000 times it. */
export function groupSteps(tickSize: string): string[] {
  const tick = unitsOrNull(tickSize);
  if (tick === null || tick <= 0n) return [];
  return [1n, 10n, 100n, 1000n].map((m) => formatUnits(tick * m));
}

/**
 * `levels` (best first, as `mergeLevels` gives them) grouped into buckets of `step`: bids rounded
 * down, asks up, sizes added; best first, `count` kept. An unreadable step leaves them as they are.
 */
export function groupLevels(
  levels: readonly Level[],
  side: 'asks' | 'bids',
  step: string,
  count: number,
): Level[] {
  const size = unitsOrNull(step);
  if (size === null || size <= 0n) return levels.slice(0, count);
  const buckets = new Map<Units, Units>();
  for (const [priceText, qtyText] of levels) {
    const price = unitsOrNull(priceText);
    const qty = unitsOrNull(qtyText);
    if (price === null || qty === null || price <= 0n || qty <= 0n) continue;
    const below = (price / size) * size;
    const bucket = side === 'bids' || below === price ? below : below + size;
    buckets.set(bucket, (buckets.get(bucket) ?? 0n) + qty);
  }
  return [...buckets.entries()]
    .sort(([a], [b]) => (a === b ? 0 : a < b === (side === 'asks') ? -1 : 1))
    .slice(0, count)
    .map(([price, qty]) => [formatUnits(price), formatUnits(qty)] as const);
}

import { divUnits, formatUnits, mulUnits, type Units } from '@otc/core/money/decimal';
import { feeReserve } from '@otc/core/spot/reserve';
import type { SpotDepth } from '@otc/protocol/spot/schemas';
import { unitsOrNull } from '../money/amounts.ts';

/**
 * The spot ticket's arithmetic. Amounts stay decimal strings and are computed exactly with
 * `@otc/core/money/decimal`; only depth-bar widths (a CSS percentage) become JS numbers.
 */

export type Side = 'buy' | 'sell';
export type OrderType = 'limit' | 'market';

/** Cuts (never rounds up) a non-negative amount down to a whole number of `step`s. */
export function cutToStep(amount: Units, step: Units): Units {
  if (amount <= 0n) return 0n;
  if (step <= 0n) return amount;
  return (amount / step) * step;
}

/**
 * A price as the price box's first value: cut to the tick (never rounded up) and written with the
 * tick's decimals, so '67519.5' on a 0.01 tick reads '67519.50', as the book and the last price do.
 * A plain decimal string without grouping (it is an input's value); empty when `price` is none.
 */
export function priceOnTick(price: string, tickSize: string): string {
  const units = unitsOrNull(price);
  const tick = unitsOrNull(tickSize);
  if (units === null) return '';
  const text = formatUnits(tick && tick > 0n ? cutToStep(units, tick) : units);
  const places = tickSize.split('.')[1]?.replace(/0+$/, '').length ?? 0;
  const [whole, fraction = ''] = text.split('.');
  return places === 0 ? text : `${whole}.${fraction.padEnd(places, '0')}`;
}

export const PERCENTS = [25, 50, 75, 100] as const;
export type Percent = (typeof PERCENTS)[number];

/**
 * The quantity (base) for a percentage shortcut: of the quote balance at `price` for a buy, of the
 * base balance for a sell; cut to the lot size. '' when it cannot be worked out (no price for a buy).
 */
export function percentQty(input: {
  percent: number;
  side: Side;
  price: string | undefined;
  availableBase: string | undefined;
  availableQuote: string | undefined;
  lotSize: string;
}): string {
  const lot = unitsOrNull(input.lotSize) ?? 0n;
  const share = (text: string | undefined) => {
    const available = unitsOrNull(text) ?? 0n;
    return available <= 0n ? 0n : (available * BigInt(input.percent)) / 100n;
  };
  let qty: Units;
  if (input.side === 'sell') {
    qty = share(input.availableBase);
  } else {
    const price = unitsOrNull(input.price);
    if (price === null || price <= 0n) return '';
    qty = divUnits(share(input.availableQuote), price, 'down');
  }
  return formatUnits(cutToStep(qty, lot));
}

/**
 * Total (price × qty, in quote) and the most fee it can cost, as the server sets it aside (core's
 * `feeReserve`: the higher of the maker and taker rates, rounded up); null when incomplete.
 */
export function orderTotals(
  price: string | undefined,
  qty: string,
  rates: { makerFee: string; takerFee: string } | undefined,
): { total: string; fee: string } | null {
  const p = unitsOrNull(price);
  const q = unitsOrNull(qty);
  if (p === null || q === null || p <= 0n || q <= 0n) return null;
  const total = mulUnits(p, q, 'up');
  const fee = rates
    ? feeReserve(total, {
        maker: unitsOrNull(rates.makerFee) ?? 0n,
        taker: unitsOrNull(rates.takerFee) ?? 0n,
      })
    : 0n;
  return { total: formatUnits(total), fee: formatUnits(fee) };
}

/** Whether `text` is a whole number of `step`s (a price on the tick, a quantity on the lot). */
export function onStep(text: string, step: string): boolean {
  const value = unitsOrNull(text);
  const s = unitsOrNull(step);
  if (value === null) return false;
  if (s === null || s <= 0n) return true;
  return value % s === 0n;
}

export type Level = readonly [price: string, qty: string];

export interface BookRow {
  price: string;
  qty: string;
  /** Width of the depth bar, 0 to 100 (cumulative size against the side's whole size shown). */
  depth: number;
}

/**
 * Levels as the server sends them, made safe to draw: unreadable or empty levels dropped, equal
 * prices merged (sizes added), sorted best first (asks low to high, bids high to low), `count` kept.
 */
export function mergeLevels(levels: readonly Level[], side: 'asks' | 'bids', count: number): Level[] {
  const byPrice = new Map<string, { price: Units; qty: Units; text: string }>();
  for (const level of levels) {
    if (!Array.isArray(level)) continue;
    const price = unitsOrNull(level[0]);
    const qty = unitsOrNull(level[1]);
    if (price === null || qty === null || price <= 0n || qty <= 0n) continue;
    const key = price.toString();
    const known = byPrice.get(key);
    if (known) known.qty += qty;
    else byPrice.set(key, { price, qty, text: level[0] });
  }
  const sorted = [...byPrice.values()].sort((a, b) =>
    a.price === b.price ? 0 : a.price < b.price === (side === 'asks') ? -1 : 1,
  );
  return sorted.slice(0, count).map((l) => [l.text, formatUnits(l.qty)] as const);
}

/** Rows with cumulative depth bars, best level first. */
export function bookRows(levels: readonly Level[]): BookRow[] {
  let sum = 0n;
  const cumulative = levels.map((l) => {
    sum += unitsOrNull(l[1]) ?? 0n;
    return sum;
  });
  const whole = sum;
  return levels.map((l, i) => ({
    price: l[0],
    qty: l[1],
    depth: whole > 0n ? Number(((cumulative[i] ?? 0n) * 10000n) / whole) / 100 : 0,
  }));
}

export interface Book {
  asks: Level[];
  bids: Level[];
}

/** A depth frame (REST or socket) as a book of `count` levels a side; null when it is not one. */
export function toBook(data: unknown, count: number): Book | null {
  if (typeof data !== 'object' || data === null) return null;
  const { asks, bids } = data as Partial<SpotDepth>;
  if (!Array.isArray(asks) || !Array.isArray(bids)) return null;
  return { asks: mergeLevels(asks, 'asks', count), bids: mergeLevels(bids, 'bids', count) };
}

import type { Units } from '../money/decimal.ts';
import { SECONDS_START_WINDOW_MS } from './rules.ts';

/**
 * A seconds contract's outcome, decided by two index ticks and nothing else (PRODUCT.md honesty
 * invariant 1). Pure: the same ticks always give the same outcome, whoever asks and however often.
 */
export type SecondsDirection = 'up' | 'down';

/** An index tick as stored with the order: where it came from, when, and the price. */
export interface SecondsTick {
  /** The feed that made it (`null` when the process that heard it only followed the bus). */
  source: string | null;
  /** When the tick was made, ms since the epoch. */
  ts: number;
  price: Units;
}

/**
 * `win`/`loss` by the direction; `refund` when the settlement price equals the buy price
 * (`equal`), the period saw fewer than two ticks (`too_few_ticks`: no tick after the buy tick at
 * or before delivery, so there is no second price to compare), or the contract never started
 * (`no_start_tick`: no tick within the start window after acceptance, `SECONDS_START_WINDOW_MS`).
 */
export type SecondsRefundReason = 'equal' | 'too_few_ticks' | 'no_start_tick';
export type SecondsOutcome =
  | { result: 'win' }
  | { result: 'loss' }
  | { result: 'refund'; reason: SecondsRefundReason };

/** The outcome of a contract that got no buy tick within the start window: its stake back. */
export const NO_START: SecondsOutcome = { result: 'refund', reason: 'no_start_tick' };

/**
 * The outcome of a contract bought at `buy` (the first tick after acceptance) and settled on
 * `settle` (the last tick at or before delivery, or `null` when none is stored after the buy tick).
 */
export function secondsOutcome(
  direction: SecondsDirection,
  buy: SecondsTick,
  settle: SecondsTick | null,
): SecondsOutcome {
  // The settlement tick must be a second tick: the buy tick itself, or an older one, is no movement.
  if (!settle || settle.ts <= buy.ts) return { result: 'refund', reason: 'too_few_ticks' };
  if (settle.price === buy.price) return { result: 'refund', reason: 'equal' };
  const rose = settle.price > buy.price;
  return (direction === 'up') === rose ? { result: 'win' } : { result: 'loss' };
}

/**
 * Of `ticks` (any order), the one the settlement uses: the last at or before `deliveryTs` and
 * after the buy tick's time, else `null` (fewer than two ticks in the period). A tick after delivery
 * is never used, however close.
 */
export function settlementTick(
  ticks: readonly SecondsTick[],
  buyTs: number,
  deliveryTs: number,
): SecondsTick | null {
  let best: SecondsTick | null = null;
  for (const t of ticks) {
    if (t.ts <= buyTs || t.ts > deliveryTs) continue;
    if (!best || t.ts >= best.ts) best = t;
  }
  return best;
}

/**
 * Of `ticks`, the buy tick: the first strictly after the acceptance time and within the start
 * window, else `null` (none yet, or, once the window has passed, never: the contract is refunded).
 */
export function buyTick(ticks: readonly SecondsTick[], acceptedTs: number): SecondsTick | null {
  let best: SecondsTick | null = null;
  for (const t of ticks) {
    if (t.ts <= acceptedTs || t.ts > acceptedTs + SECONDS_START_WINDOW_MS) continue;
    if (!best || t.ts < best.ts) best = t;
  }
  return best;
}

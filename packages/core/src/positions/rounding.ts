import type { Units } from '../money/decimal.ts';

/**
 * Rounding of charged and paid amounts. Amounts that move money are kept to 8 decimals (what a
 * balance shows): what the user is charged (margin, fees, stamp duty, losses, funding paid) rounds
 * UP, what the user is paid (profits, funding received, payouts) rounds DOWN, so rounding never
 * favours the user beyond what is disclosed and never makes or loses money (the legs move the
 * rounded amounts exactly).
 */
export const ONE: Units = 10n ** 18n;
/** One unit of the 8th decimal, in Units. */
export const CENT8: Units = 10n ** 10n;

/** floor(n / d) for any signs (toward minus infinity). */
export function floorDiv(n: bigint, d: bigint): bigint {
  const q = n / d;
  return n % d !== 0n && n < 0n !== d < 0n ? q - 1n : q;
}

/** ceil(n / d) for any signs (toward plus infinity). */
export function ceilDiv(n: bigint, d: bigint): bigint {
  const q = n / d;
  return n % d !== 0n && n < 0n === d < 0n ? q + 1n : q;
}

/**
 * `n / d` Units (n already scaled so that n / d is in Units), rounded to 8 decimals: 'up' toward
 * plus infinity, 'down' toward minus infinity.
 */
export function to8(n: bigint, d: bigint, mode: 'up' | 'down'): Units {
  const den = d * CENT8;
  return (mode === 'up' ? ceilDiv(n, den) : floorDiv(n, den)) * CENT8;
}

export const min = (a: Units, b: Units): Units => (a < b ? a : b);
export const max = (a: Units, b: Units): Units => (a > b ? a : b);
export const abs = (a: Units): Units => (a < 0n ? -a : a);

import { formatUnits, isDecimal, parseUnits } from '@otc/core/money/decimal';
import { secondsPayout } from '@otc/core/seconds/payout';

/** USDT's decimals: a stake has at most these, and a payout is cut to them (as the server does). */
export const STAKE_DECIMALS = 6;

/** What a win pays back for `stake` at `ratio`, exactly as the server computes it; null for no stake. */
export function payoutOf(stake: string, ratio: string): string | null {
  if (!isDecimal(stake, STAKE_DECIMALS)) return null;
  const units = parseUnits(stake);
  if (units <= 0n) return null;
  return formatUnits(secondsPayout(units, parseUnits(ratio), STAKE_DECIMALS));
}

/** Whether the stake is inside the range, or which end it is past. */
export function stakeProblem(stake: string, min: string, max: string): 'enter' | 'min' | 'max' | null {
  if (!isDecimal(stake, STAKE_DECIMALS) || parseUnits(stake) <= 0n) return 'enter';
  const units = parseUnits(stake);
  if (units < parseUnits(min)) return 'min';
  if (units > parseUnits(max)) return 'max';
  return null;
}

/** Whole seconds left until `iso`, never below zero (a countdown's figure). */
export function secondsLeft(iso: string | null, now: number): number | null {
  if (!iso) return null;
  return Math.max(0, Math.ceil((Date.parse(iso) - now) / 1000));
}

import type { Leg } from '../ledger/posting.ts';
import { divUnits, mulUnits, roundUnits, type Units } from '../money/decimal.ts';

/**
 * Earn products' pure rules (issue 26, docs/decisions/0120-earn.md): the rate a subscription
 * gets, its daily yield, which days it is owed, what an early redemption costs.
 */

/** Yields, rates and penalties are kept to 8 decimal places, rounded down (in the user's favour never by more than the rule says). */
export const EARN_DECIMALS = 8;

const DAY_MS = 86_400_000;

/** The UTC day (days since 1970-01-01) of an instant in ms. */
export const utcDay = (ms: number): number => Math.floor(ms / DAY_MS);
/** The first instant (00:00 UTC) of a day number, in ms. */
export const dayStartMs = (day: number): number => day * DAY_MS;
/** A day number as an ISO date, `2026-11-28`: the form a SQL `date` takes. */
export const dayIso = (day: number): string => new Date(dayStartMs(day)).toISOString().slice(0, 10);
/** An ISO date (`2026-11-28`) as its day number. */
export const isoDay = (iso: string): number => utcDay(Date.parse(`${iso.slice(0, 10)}T00:00:00Z`));

export type EarnAmountRefusal = 'earn_amount_below_min' | 'earn_amount_above_max';

/** Whether a principal is inside the product's [min, max], or why not. */
export function earnAmountRefusal(amount: Units, min: Units, max: Units): EarnAmountRefusal | null {
  if (amount < min) return 'earn_amount_below_min';
  if (amount > max) return 'earn_amount_above_max';
  return null;
}

/**
 * The daily rate fixed at subscription. A product with one rate (rateMin = rateMax) gives it; a
 * range spreads it over the amount range, linearly: min amount gets rateMin, max amount gets
 * rateMax, rateMin + (rateMax - rateMin) x (amount - min) / (max - min) between, rounded down to
 * 8 places. A larger principal never gets a lower rate. The amount must be in range.
 */
export function rateFor(
  amount: Units,
  range: { minAmount: Units; maxAmount: Units; rateMin: Units; rateMax: Units },
): Units {
  const { minAmount, maxAmount, rateMin, rateMax } = range;
  if (rateMax === rateMin || maxAmount === minAmount) return rateMin;
  const share = divUnits(amount - minAmount, maxAmount - minAmount);
  return roundUnits(rateMin + mulUnits(rateMax - rateMin, share), EARN_DECIMALS, 'down');
}

/** One day's yield: principal x daily rate, rounded down to 8 places. */
export function dailyYield(principal: Units, dailyRate: Units): Units {
  return roundUnits(mulUnits(principal, dailyRate), EARN_DECIMALS, 'down');
}

/**
 * The days a subscription earns: each whole UTC day after the subscription day, `cycleDays` of
 * them. Day `first` is the day after subscribing, `last` the cycle's last; principal comes back
 * once `last` is over (00:00 UTC of the day after it).
 */
export function accrualDays(subscribedMs: number, cycleDays: number): { first: number; last: number } {
  const day = utcDay(subscribedMs);
  return { first: day + 1, last: day + cycleDays };
}

/**
 * The days owed and not yet paid at `nowMs`: a day is owed once it is over (a whole day), up to
 * the cycle's last. `paidThrough` is the last day paid (the subscription day before any payment).
 * Returns the first and last day to pay, or null when nothing is owed.
 */
export function daysOwed(
  paidThrough: number,
  lastDay: number,
  nowMs: number,
): { from: number; to: number; count: number } | null {
  const to = Math.min(lastDay, utcDay(nowMs) - 1);
  const from = paidThrough + 1;
  return to >= from ? { from, to, count: to - from + 1 } : null;
}

/**
 * What an early redemption keeps back: principal x the product's penalty rate, rounded down to 8
 * places, never more than the yield already paid (the user never gets back less than the principal).
 */
export function redemptionPenalty(principal: Units, penaltyRate: Units, yieldPaid: Units): Units {
  const penalty = roundUnits(mulUnits(principal, penaltyRate), EARN_DECIMALS, 'down');
  return penalty < yieldPaid ? penalty : yieldPaid;
}

export type EarnProductProblem =
  | { key: 'earn_product_amounts'; field: 'minAmount' | 'maxAmount' }
  | { key: 'earn_product_cycle'; field: 'cycleDays' }
  | { key: 'earn_product_rates'; field: 'rateMin' | 'rateMax' }
  | { key: 'earn_product_penalty'; field: 'penaltyRate' };

const ONE: Units = 10n ** 18n;
/** The highest daily rate a product may carry: 10% a day is no product, a typo (5 for 0.05) must not pass. */
export const EARN_MAX_DAILY_RATE: Units = ONE / 10n;
/** The longest cycle, ten years. */
export const EARN_MAX_CYCLE_DAYS = 3650;

/** What is wrong with the product settings an operator wants to save, or null. */
export function productProblem(p: {
  minAmount: Units;
  maxAmount: Units;
  cycleDays: number;
  rateMin: Units;
  rateMax: Units;
  penaltyRate: Units;
}): EarnProductProblem | null {
  if (p.minAmount <= 0n) return { key: 'earn_product_amounts', field: 'minAmount' };
  if (p.maxAmount < p.minAmount) return { key: 'earn_product_amounts', field: 'maxAmount' };
  if (!Number.isInteger(p.cycleDays) || p.cycleDays < 1 || p.cycleDays > EARN_MAX_CYCLE_DAYS)
    return { key: 'earn_product_cycle', field: 'cycleDays' };
  const eightPlaces = (r: Units) => roundUnits(r, EARN_DECIMALS) === r;
  if (p.rateMin <= 0n || !eightPlaces(p.rateMin)) return { key: 'earn_product_rates', field: 'rateMin' };
  if (p.rateMax < p.rateMin || p.rateMax > EARN_MAX_DAILY_RATE || !eightPlaces(p.rateMax))
    return { key: 'earn_product_rates', field: 'rateMax' };
  if (p.penaltyRate < 0n || p.penaltyRate > ONE || !eightPlaces(p.penaltyRate))
    return { key: 'earn_product_penalty', field: 'penaltyRate' };
  return null;
}

/**
 * An early redemption's legs: the principal leaves the owner's frozen balance, comes back to its
 * available balance less the penalty, and the penalty goes to the treasury (which paid the yield).
 */
export function redemptionLegs(
  account: string,
  treasury: string,
  asset: string,
  principal: Units,
  penalty: Units,
): Leg[] {
  const legs: Leg[] = [
    { account, asset, field: 'frozen', amount: -principal },
    { account, asset, field: 'available', amount: principal - penalty },
  ];
  if (penalty > 0n) legs.push({ account: treasury, asset, field: 'available', amount: penalty });
  return legs;
}

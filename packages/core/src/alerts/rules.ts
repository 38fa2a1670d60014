import { parseUnits, type Units } from '../money/decimal.ts';
import type { TriggerDirection } from '../positions/trigger-index.ts';

/**
 * A price alert's condition (docs/decisions/0160-price-alerts.md): the price rises to or falls to a
 * price, or moves up or down by a percentage from the price when the alert was set (Binance's and
 * Bybit's "price rises to / falls to" and "% change"). A percent move is turned into one price when
 * it is set, so every alert is one fixed threshold and a tick only meets the ones it crosses.
 */
export const ALERT_CONDITIONS = ['rises_to', 'falls_to', 'up_percent', 'down_percent'] as const;
export type AlertCondition = (typeof ALERT_CONDITIONS)[number];

/** A percent move's bounds, inclusive: smaller ones fire on noise; a fall of 100% or more never can. */
export const ALERT_PERCENT_MIN = '0.1';
export const ALERT_PERCENT_MAX = '99';
/** Active alerts a user may have at once (Binance allows a few hundred; one screen's worth here). */
export const ALERT_ACTIVE_MAX = 50;

/** Which way the price must move to meet the alert's threshold. */
export const alertDirection = (condition: AlertCondition): TriggerDirection =>
  condition === 'rises_to' || condition === 'up_percent' ? 'above' : 'below';

/** Why an alert is refused: each an error key of the protocol's alerts area. */
export type AlertRefusal =
  | 'alert_price_positive'
  | 'alert_price_tick'
  | 'alert_rises_below'
  | 'alert_falls_above'
  | 'alert_percent_range';

const HUNDRED = parseUnits('100');

/**
 * The threshold of a new alert, from the instrument's price now and tick: a set price must be above
 * zero, on the tick, and on the far side of the price now (a "rises to" at or below it would fire at
 * once, so it is refused, as Binance does); a percent move's price is rounded to the tick away from
 * the price now, so it is never reached before the move is. Exact: bigint units throughout.
 */
export function alertTarget(
  condition: AlertCondition,
  input: { price?: Units; percent?: Units },
  now: Units,
  tick: Units,
): { target: Units } | { refusal: AlertRefusal } {
  if (condition === 'rises_to' || condition === 'falls_to') {
    const price = input.price ?? 0n;
    if (price <= 0n) return { refusal: 'alert_price_positive' };
    if (price % tick !== 0n) return { refusal: 'alert_price_tick' };
    if (condition === 'rises_to' && price <= now) return { refusal: 'alert_rises_below' };
    if (condition === 'falls_to' && price >= now) return { refusal: 'alert_falls_above' };
    return { target: price };
  }
  const percent = input.percent ?? 0n;
  if (percent < parseUnits(ALERT_PERCENT_MIN) || percent > parseUnits(ALERT_PERCENT_MAX))
    return { refusal: 'alert_percent_range' };
  const up = condition === 'up_percent';
  // now x (100 ± P) / 100 in ticks, rounded away from now: exact, as both are whole units.
  const scaled = now * (up ? HUNDRED + percent : HUNDRED - percent);
  const per = HUNDRED * tick;
  const ticks = up ? (scaled + per - 1n) / per : scaled / per;
  const target = ticks * tick;
  // A fall to a price that rounds to zero (a tiny price with a coarse tick) could never be met.
  if (target <= 0n || (up ? target <= now : target >= now)) return { refusal: 'alert_percent_range' };
  return { target };
}

/** Whether a price has met an alert's threshold (at or past it, in its direction). */
export const alertReached = (target: Units, fires: TriggerDirection, price: Units): boolean =>
  fires === 'above' ? price >= target : price <= target;

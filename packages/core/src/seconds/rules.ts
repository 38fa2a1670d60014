import type { Units } from '../money/decimal.ts';

/** A period on offer and its profit ratio (0.8 is 80%). */
export interface SecondsPeriod {
  seconds: number;
  ratio: Units;
}

/**
 * How long after acceptance a contract's buy tick may come (PRODUCT.md: the period bought is the
 * period run). A contract with no index tick in (acceptance, acceptance + window] never starts: its
 * stake is refunded, reason `no_start_tick`, rather than running a period the user did not choose
 * (a feed gap or a restart could otherwise start it many seconds late). Two seconds: every feed
 * ticks at least once a second (the simulator each second, whether the price moved or not), so
 * only a real gap leaves a window empty.
 */
export const SECONDS_START_WINDOW_MS = 2_000;

export type SecondsRefusal =
  | 'seconds_period_unknown'
  | 'seconds_stake_below_min'
  | 'seconds_stake_above_max'
  | 'seconds_country_off'
  | 'seconds_product_off';

/** The period asked for among those on offer, or the refusal. */
export function periodOf(
  periods: readonly SecondsPeriod[],
  seconds: number,
): SecondsPeriod | 'seconds_period_unknown' {
  return periods.find((p) => p.seconds === seconds) ?? 'seconds_period_unknown';
}

/** Whether the stake is inside [min, max], or why not. */
export function stakeRefusal(stake: Units, min: Units, max: Units): SecondsRefusal | null {
  if (stake < min) return 'seconds_stake_below_min';
  if (stake > max) return 'seconds_stake_above_max';
  return null;
}

/**
 * Whether the product is open to a user: off globally, or off in the country of the user's
 * verified nationality (ISO code, case ignored). A user with no verified nationality is only
 * refused when the product is off globally: the country switch follows what was verified.
 */
export function availabilityRefusal(
  enabled: boolean,
  blockedCountries: readonly string[],
  nationality: string | null,
): SecondsRefusal | null {
  if (!enabled) return 'seconds_product_off';
  if (nationality && blockedCountries.some((c) => c.toUpperCase() === nationality.toUpperCase()))
    return 'seconds_country_off';
  return null;
}

import type { Units } from '../money/decimal.ts';

/**
 * Treasury exposure (issue 26, decision 0126): what the platform has promised to pay out of a
 * realm's treasury over the coming days (earn yield, activity bonuses, loans waiting to be funded)
 * against what the treasury holds, so operators see what the promises cost before making more.
 */

/** How far ahead the promises are counted: 30 days of 24 hours from now. */
export const TREASURY_EXPOSURE_DAYS = 30;

/** One area's promise in one asset (a source may answer several rows of an asset: they add up). */
export interface OwedAmount {
  source: string;
  asset: string;
  amount: Units;
}

/** One asset of a realm's treasury: its balance, each source's promise, their total and what is left. */
export interface ExposureLine {
  asset: string;
  balance: Units;
  /** Every source, in the order given, each once (0 when it owes nothing in this asset). */
  owed: { source: string; amount: Units }[];
  total: Units;
  /** balance - total: below zero, the promises exceed the treasury. */
  left: Units;
  short: boolean;
}

/**
 * A realm's exposure, one line per asset: the assets some source owes, and those in `always` (the
 * asset every promise is made in today, shown even when nothing is owed), sorted by name. Assets
 * the treasury holds that nobody is owed (the market maker's inventory) are not promises and are
 * left out. `balances` is the treasury's balance per asset (absent: 0).
 */
export function treasuryExposure(
  balances: ReadonlyMap<string, Units>,
  owed: readonly OwedAmount[],
  sources: readonly string[],
  always: readonly string[] = [],
): ExposureLine[] {
  const assets = [...new Set([...always, ...owed.map((o) => o.asset)])].sort();
  return assets.map((asset) => {
    const bySource = sources.map((source) => ({
      source,
      amount: owed
        .filter((o) => o.asset === asset && o.source === source)
        .reduce((sum, o) => sum + o.amount, 0n),
    }));
    const total = bySource.reduce((sum, o) => sum + o.amount, 0n);
    const balance = balances.get(asset) ?? 0n;
    const left = balance - total;
    return { asset, balance, owed: bySource, total, left, short: left < 0n };
  });
}

import { divUnits, mulUnits, parseUnits, type Units } from '../money/decimal.ts';

/**
 * VIP fee levels, pure (PRODUCT.md: "VIP0 to VIP5 by 30-day volume lower trading fees").
 *
 * A level is reached by a user's 30-day trading volume (quote notional in USDT) and carries a fee
 * multiplier in (0, 1]: the fee rate a user pays is the instrument's rate times that multiplier,
 * rounded DOWN at 18 decimals, so a discount never costs the user a unit.
 */
export const VIP_MIN_LEVEL = 0;
export const VIP_MAX_LEVEL = 5;
/** Every level, in order: 0 to 5. */
export const VIP_LEVEL_NUMBERS: readonly number[] = Array.from(
  { length: VIP_MAX_LEVEL - VIP_MIN_LEVEL + 1 },
  (_, i) => VIP_MIN_LEVEL + i,
);

const ONE = 10n ** 18n;

export interface VipTier {
  level: number;
  /** The least 30-day volume (USDT, units of 10^-18) that reaches this level. */
  minVolume: Units;
  /** What the instrument's fee rate is multiplied by, in (0, 1] (units of 10^-18). */
  feeMultiplier: Units;
}

/** The tiers ordered by level, one per level from VIP0 to VIP5. */
export type VipSchedule = readonly VipTier[];

const tier = (level: number, minVolume: string, feeMultiplier: string): VipTier => ({
  level,
  minVolume: parseUnits(minVolume),
  feeMultiplier: parseUnits(feeMultiplier),
});

/** The schedule the platform starts with (migration 008 seeds the same values). */
export const DEFAULT_VIP_SCHEDULE: VipSchedule = [
  tier(0, '0', '1'),
  tier(1, '50000', '0.9'),
  tier(2, '250000', '0.8'),
  tier(3, '1000000', '0.7'),
  tier(4, '5000000', '0.6'),
  tier(5, '20000000', '0.5'),
];

export class VipError extends Error {}

/** Why a schedule cannot be used, or null when it can. The first problem found, level by level. */
export type VipScheduleProblem =
  | { kind: 'levels' }
  | { kind: 'base_volume' }
  | { kind: 'multiplier'; level: number }
  | { kind: 'volume_order'; level: number; previous: number };

/**
 * Checks a schedule an operator proposes: exactly the levels 0 to 5 once each (in any order),
 * every multiplier in (0, 1], VIP0 starting at a volume of 0, and each higher level asking for
 * strictly more volume than the one below.
 */
export function vipScheduleProblem(
  tiers: readonly { level: number; minVolume: Units; feeMultiplier: Units }[],
): VipScheduleProblem | null {
  const sorted = [...tiers].sort((a, b) => a.level - b.level);
  if (sorted.length !== VIP_LEVEL_NUMBERS.length || sorted.some((t, i) => t.level !== VIP_LEVEL_NUMBERS[i])) {
    return { kind: 'levels' };
  }
  for (const t of sorted) {
    if (t.feeMultiplier <= 0n || t.feeMultiplier > ONE) return { kind: 'multiplier', level: t.level };
  }
  if (sorted[0]?.minVolume !== 0n) return { kind: 'base_volume' };
  for (let i = 1; i < sorted.length; i++) {
    const below = sorted[i - 1] as VipTier;
    const t = sorted[i] as VipTier;
    if (t.minVolume <= below.minVolume)
      return { kind: 'volume_order', level: t.level, previous: below.level };
  }
  return null;
}

/** A schedule checked and ordered by level; throws VipError when it cannot be used. */
export function vipSchedule(tiers: readonly VipTier[]): VipSchedule {
  const problem = vipScheduleProblem(tiers);
  if (problem) throw new VipError(`invalid VIP schedule: ${JSON.stringify(problem)}`);
  return [...tiers].sort((a, b) => a.level - b.level);
}

/** The highest tier whose minimum `volume` reaches (VIP0 for no volume at all). */
export function vipTierFor(volume: Units, schedule: VipSchedule): VipTier {
  let reached = schedule[0];
  if (!reached) throw new VipError('empty VIP schedule');
  for (const t of schedule) if (volume >= t.minVolume && t.level > reached.level) reached = t;
  return reached;
}

/** The level `volume` reaches under `schedule`. */
export function vipLevelFor(volume: Units, schedule: VipSchedule): number {
  return vipTierFor(volume, schedule).level;
}

export interface VipProgress {
  /** The tier reached. */
  current: VipTier;
  /** The tier above, or null at the top. */
  next: VipTier | null;
  /** Volume still needed for the next tier (0 at the top). */
  remaining: Units;
  /** volume / next.minVolume in [0, 1], rounded down (1 at the top). */
  progress: Units;
}

/** Where `volume` stands: the tier reached, the next one, what is left and how far along it is. */
export function vipProgress(volume: Units, schedule: VipSchedule): VipProgress {
  if (volume < 0n) throw new VipError('a volume cannot be negative');
  const current = vipTierFor(volume, schedule);
  const next = schedule.find((t) => t.level === current.level + 1) ?? null;
  if (!next) return { current, next: null, remaining: 0n, progress: ONE };
  const progress = divUnits(volume, next.minVolume, 'down');
  return { current, next, remaining: next.minVolume - volume, progress: progress > ONE ? ONE : progress };
}

/**
 * A fee rate after a level's multiplier: rate x multiplier rounded DOWN at 18 decimals, in the
 * user's favour (never more than the exact product, never more than the rate itself).
 */
export function discountedRate(rate: Units, multiplier: Units): Units {
  if (rate < 0n) throw new VipError('a fee rate cannot be negative');
  if (multiplier <= 0n || multiplier > ONE) throw new VipError('a fee multiplier is in (0, 1]');
  if (multiplier === ONE) return rate;
  return mulUnits(rate, multiplier, 'down');
}

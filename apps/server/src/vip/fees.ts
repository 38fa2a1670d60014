import { discountedRate, type Units, type VipSchedule, type VipTier } from '@otc/core';
import type { Db } from '../db/db.ts';
import { levelsAboveZero, loadSchedule } from './queries.ts';

const ONE = 10n ** 18n;

/**
 * The VIP schedule and every user's level, in memory, so a matching engine can ask for a user's
 * fee rate synchronously in its hot path. `load()` reads both from the database (at start, after
 * the hourly recompute and after an operator edits the schedule); until the first load every
 * rate is the instrument's own.
 *
 * Only users above VIP0 are held; everyone else is VIP0 (whose multiplier is 1 unless an
 * operator lowers it).
 */
export class VipFees {
  private schedule: VipSchedule = [];
  private levels = new Map<string, number>();
  /** Loads started and the newest one applied: a slow older load never overwrites a newer one. */
  private started = 0;
  private applied = 0;

  constructor(private readonly db: Db) {}

  async load(): Promise<void> {
    const generation = ++this.started;
    const schedule = await loadSchedule(this.db);
    const levels = await levelsAboveZero(this.db);
    if (generation < this.applied) return;
    this.applied = generation;
    this.schedule = schedule;
    this.levels = levels;
  }

  /** The user's level: 0 to 5. */
  levelOf(userId: string): number {
    return this.levels.get(userId) ?? 0;
  }

  /** The tier the user is at, or undefined before the first load. */
  tierOf(userId: string): VipTier | undefined {
    return this.schedule[this.levelOf(userId)];
  }

  /**
   * The fee rate `userId` pays where the instrument charges `baseRate` (units of 10^-18:
   * parseUnits('0.001') is 0.1%): baseRate x the level's multiplier, rounded down in the user's
   * favour. Never more than `baseRate`, so what an order froze at the base rate always covers it.
   */
  rate(userId: string, baseRate: Units): Units {
    const multiplier = this.tierOf(userId)?.feeMultiplier ?? ONE;
    return discountedRate(baseRate, multiplier);
  }

  /** The schedule as last loaded, ordered by level. */
  tiers(): VipSchedule {
    return this.schedule;
  }
}

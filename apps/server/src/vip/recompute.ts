import { formatUnits, parseUnits, type VipSchedule, vipLevelFor } from '@otc/core';
import type { AppContext } from '../context.ts';
import type { Db, Queryable } from '../db/db.ts';
import { tradedSince } from '../platform/trade-activity.ts';
import type { VipFees } from './fees.ts';
import { lockSchedule, markComputed, storedStatus, writeStatus } from './queries.ts';

/** PRODUCT.md: levels follow the volume of the last 30 days. */
export const VIP_WINDOW_DAYS = 30;
export const VIP_RECOMPUTE_EVERY_MS = 60 * 60 * 1000;

type Stored = Map<string, { level: number; volume: string }>;

/** The users whose level or volume differ from what is stored, with what they should be. */
function changesFor(schedule: VipSchedule, target: Map<string, string>, stored: Stored) {
  const ids = new Set([...target.keys(), ...stored.keys()]);
  const changes: { id: string; level: number; volume: string }[] = [];
  for (const id of ids) {
    const volume = parseUnits(target.get(id) ?? '0');
    const level = vipLevelFor(volume, schedule);
    const before = stored.get(id);
    if (before && before.level === level && parseUnits(before.volume) === volume) continue;
    if (!before && level === 0 && volume === 0n) continue;
    changes.push({ id, level, volume: formatUnits(volume) });
  }
  return changes;
}

/**
 * Works out every user's 30-day spot volume from the trade activity records the spot settlement writes
 * (as maker or taker, a trade against one's own order once) and stores it with the level it
 * reaches; users with no trades left in the window fall back to VIP0. One transaction of its own,
 * which holds the schedule's rows so an edit waits for it (and it for an edit). Only changed users
 * are written. Returns how many changed.
 */
export function recomputeLevels(db: Db, now: Date): Promise<number> {
  return db.tx((q) => recomputeIn(q, now));
}

/** The recompute in the caller's transaction (the hourly job's), the window ending `now` by the clock. */
export async function recomputeIn(q: Queryable, now: Date): Promise<number> {
  const schedule = await lockSchedule(q);
  const changes = changesFor(
    schedule,
    await tradedSince(q, 'spot', VIP_WINDOW_DAYS, now),
    await storedStatus(q),
  );
  await writeStatus(q, changes);
  await markComputed(q, now);
  return changes.length;
}

/** After the schedule changed: each user's level again from the volume already stored. */
export async function relevel(q: Queryable, schedule: VipSchedule): Promise<number> {
  const stored = await storedStatus(q);
  const volumesNow = new Map([...stored].map(([id, s]) => [id, s.volume]));
  const changes = changesFor(schedule, volumesNow, stored);
  await writeStatus(q, changes);
  return changes.length;
}

/**
 * Keeps this process's fee cache current. Where jobs run (`recompute`: roles `all` and `worker`)
 * the levels are worked out once now, before any engine matches an order (after a restart, trades
 * may have moved users since the last run); the hourly recompute after that is the durable job
 * `vip.recompute` (jobs.ts), which reloads the cache of the process that ran it. Every process also
 * reloads the stored levels hourly, so instances that do not run jobs pick up the job's and other
 * instances' edits: a cache's refresh, on real time. The schedule lock makes a recompute and an
 * edit take turns. Returns a stop function that waits for a load in progress.
 */
export async function startVipCache(
  ctx: AppContext,
  fees: VipFees,
  opts: { recompute: boolean },
): Promise<() => Promise<void>> {
  if (opts.recompute) {
    try {
      const changed = await recomputeLevels(ctx.db, ctx.clock.date());
      if (changed > 0) ctx.log.info({ changed }, 'VIP levels recomputed');
    } catch (err) {
      ctx.log.error({ err }, 'VIP level recompute failed');
    }
  }
  let running: Promise<void> = Promise.resolve();
  const load = () => {
    // Load even when the recompute failed: the levels stored last time are better than none.
    running = fees.load().catch((err: unknown) => ctx.log.error({ err }, 'VIP fee cache load failed'));
    return running;
  };
  await load();
  const timer = setInterval(load, VIP_RECOMPUTE_EVERY_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

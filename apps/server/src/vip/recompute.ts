import { formatUnits, parseUnits, type VipSchedule, vipLevelFor } from '@otc/core';
import type { AppContext } from '../context.ts';
import type { Db, Queryable } from '../db/db.ts';
import { tradedSince } from '../platform/activity.ts';
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
 * Works out every user's 30-day spot volume from the activity records the spot settlement writes
 * (as maker or taker, a trade against one's own order once) and stores it with the level it reaches; users with no trades left in the window fall back to VIP0. One transaction, which
 * holds the schedule's rows so an edit waits for it (and it for an edit). Only changed users are
 * written. Returns how many changed.
 */
export async function recomputeLevels(db: Db): Promise<number> {
  return db.tx(async (q) => {
    const schedule = await lockSchedule(q);
    const changes = changesFor(
      schedule,
      await tradedSince(q, 'spot', VIP_WINDOW_DAYS),
      await storedStatus(q),
    );
    await writeStatus(q, changes);
    await markComputed(q);
    return changes.length;
  });
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
 * Keeps the fee cache current. Where scheduled jobs run (`recompute`: roles `all` and `worker`) it
 * recomputes the levels once now (awaited, so fees are right before any order is matched) and then
 * hourly; elsewhere it only loads the stored levels now and hourly, so N instances do not redo
 * the same scan N times. The schedule lock makes concurrent recomputes take turns. Returns a stop
 * function that waits for a run in progress.
 */
export async function startVipJob(
  ctx: AppContext,
  fees: VipFees,
  opts: { recompute: boolean },
): Promise<() => Promise<void>> {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = (async () => {
      if (opts.recompute) {
        try {
          const changed = await recomputeLevels(ctx.db);
          if (changed > 0) ctx.log.info({ changed }, 'VIP levels recomputed');
        } catch (err) {
          ctx.log.error({ err }, 'VIP level recompute failed');
        }
      }
      // Load even when the recompute failed: the levels stored last time are better than none.
      try {
        await fees.load();
      } catch (err) {
        ctx.log.error({ err }, 'VIP fee cache load failed');
      }
    })();
    return running;
  };
  await run();
  const timer = setInterval(run, VIP_RECOMPUTE_EVERY_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

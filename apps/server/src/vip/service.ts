import {
  discountedRate,
  formatUnits,
  parseUnits,
  type VipSchedule,
  type VipScheduleProblem,
  vipProgress,
  vipScheduleProblem,
} from '@otc/core';
import type { AdminVipSchedule, UpdateVipScheduleBody, VipInfo } from '@otc/protocol/vip/schemas';
import { VIP_FEE_SYMBOL } from '@otc/protocol/vip/schemas';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { failField } from '../http/errors.ts';
import type { MarketHub } from '../market/index.ts';
import { audit } from '../platform/audit.ts';
import type { VipFees } from './fees.ts';
import {
  computedAt,
  loadSchedule,
  lockSchedule,
  saveSchedule,
  scheduleRows,
  userStatus,
  usersPerLevel,
} from './queries.ts';
import { relevel } from './recompute.ts';

const text = (units: bigint) => formatUnits(units);

/**
 * What the VIP page shows: the caller's level and 30-day volume as last worked out, what is left
 * to the next level, and every level's maker and taker fee on `symbol` (BTC/USDT by default).
 */
export async function vipInfo(
  ctx: AppContext,
  market: MarketHub,
  userId: string,
  symbol = VIP_FEE_SYMBOL,
): Promise<VipInfo> {
  const instrument = market.instrument(symbol);
  if (!instrument) failField('not_found', 'symbol');
  if (instrument.kind !== 'spot') failField('not_spot_market', 'symbol');
  const schedule = await loadSchedule(ctx.db);
  const status = await userStatus(ctx.db, userId);
  const at = await computedAt(ctx.db);
  const volume = parseUnits(status.volume);
  const progress = vipProgress(volume, schedule);
  // The stored level is what fees are charged at; the schedule may have moved since (an edit
  // relevels at once, so they agree but for a moment).
  const current = schedule[status.level] ?? progress.current;
  const maker = parseUnits(instrument.makerFee);
  const taker = parseUnits(instrument.takerFee);
  return {
    level: current.level,
    volume30d: text(volume),
    feeMultiplier: text(current.feeMultiplier),
    next: progress.next
      ? {
          level: progress.next.level,
          minVolume: text(progress.next.minVolume),
          remaining: text(progress.remaining),
        }
      : null,
    progress: text(progress.progress),
    computedAt: at ? at.toISOString() : null,
    symbol: instrument.symbol,
    makerFee: text(discountedRate(maker, current.feeMultiplier)),
    takerFee: text(discountedRate(taker, current.feeMultiplier)),
    schedule: schedule.map((t) => ({
      level: t.level,
      minVolume: text(t.minVolume),
      feeMultiplier: text(t.feeMultiplier),
      makerFee: text(discountedRate(maker, t.feeMultiplier)),
      takerFee: text(discountedRate(taker, t.feeMultiplier)),
    })),
  };
}

/** The schedule in the back office, with how many users hold each level. */
export async function adminSchedule(ctx: AppContext): Promise<AdminVipSchedule> {
  const rows = await scheduleRows(ctx.db);
  const counts = await usersPerLevel(ctx.db);
  const at = await computedAt(ctx.db);
  return {
    items: rows.map((r) => ({
      level: r.level,
      minVolume: text(r.minVolume),
      feeMultiplier: text(r.feeMultiplier),
      users: counts.get(r.level) ?? 0,
      updatedAt: r.updatedAt.toISOString(),
    })),
    computedAt: at ? at.toISOString() : null,
  };
}

function refuse(problem: VipScheduleProblem): never {
  switch (problem.kind) {
    case 'levels':
      return failField('vip_schedule_levels', 'levels');
    case 'base_volume':
      return failField('vip_base_volume', 'levels');
    case 'multiplier':
      return failField('vip_multiplier_range', 'levels', { level: problem.level });
    case 'volume_order':
      return failField('vip_volume_order', 'levels', { level: problem.level, previous: problem.previous });
  }
}

const described = (schedule: VipSchedule) =>
  schedule.map((t) => ({
    level: t.level,
    minVolume: text(t.minVolume),
    feeMultiplier: text(t.feeMultiplier),
  }));

/**
 * An admin replaces the schedule. It is checked whole (VIP0 to VIP5 once each, multipliers in
 * (0, 1], VIP0 from 0, minimums rising with the level): a bad one is refused with the first
 * problem and nothing changes. A good one is saved, every user's level is worked out again from
 * their stored volume, and the change is audited with before and after, all in one transaction;
 * then the fee cache reloads so new trades are charged at the new rates.
 */
export async function updateSchedule(
  ctx: AppContext,
  req: FastifyRequest,
  fees: VipFees,
  body: UpdateVipScheduleBody,
): Promise<AdminVipSchedule> {
  const proposed = body.levels.map((l) => ({
    level: l.level,
    minVolume: parseUnits(l.minVolume),
    feeMultiplier: parseUnits(l.feeMultiplier),
  }));
  const problem = vipScheduleProblem(proposed);
  if (problem) refuse(problem);
  const next = [...proposed].sort((a, b) => a.level - b.level);
  await ctx.db.tx(async (q) => {
    const before = await lockSchedule(q);
    await saveSchedule(q, next);
    const changed = await relevel(q, next);
    await audit(q, req, 'vip.schedule', null, {
      before: described(before),
      after: described(next),
      usersRelevelled: changed,
    });
  });
  await fees.load();
  return adminSchedule(ctx);
}

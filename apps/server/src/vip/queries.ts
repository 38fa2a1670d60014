import { formatUnits, parseUnits, type VipSchedule, type VipTier, vipSchedule } from '@otc/core';
import type { Queryable } from '../db/db.ts';
import { users } from '../users/index.ts';

/** The SQL of the VIP area. Amounts cross the boundary as decimal strings, levels as integers. */

interface TierRow {
  level: number;
  min_volume: string;
  fee_multiplier: string;
  updated_at: Date;
}

const TIER_COLUMNS =
  'level, min_volume::text AS min_volume, fee_multiplier::text AS fee_multiplier, updated_at';

const toTier = (r: TierRow): VipTier => ({
  level: Number(r.level),
  minVolume: parseUnits(r.min_volume),
  feeMultiplier: parseUnits(r.fee_multiplier),
});

/** The schedule as stored, with when each level was last edited. */
export async function scheduleRows(q: Queryable): Promise<(VipTier & { updatedAt: Date })[]> {
  const rows = await q.query<TierRow>(`SELECT ${TIER_COLUMNS} FROM vip_levels ORDER BY level`);
  return rows.map((r) => ({ ...toTier(r), updatedAt: new Date(r.updated_at) }));
}

export async function loadSchedule(q: Queryable): Promise<VipSchedule> {
  return vipSchedule(
    (await scheduleRows(q)).map(({ level, minVolume, feeMultiplier }) => ({
      level,
      minVolume,
      feeMultiplier,
    })),
  );
}

/**
 * The schedule read with its rows locked: the recompute and a schedule edit take this first, so
 * they run one after the other and levels are never worked out from a schedule being replaced.
 */
export async function lockSchedule(q: Queryable): Promise<VipSchedule> {
  const rows = await q.query<TierRow>(`SELECT ${TIER_COLUMNS} FROM vip_levels ORDER BY level FOR UPDATE`);
  return vipSchedule(rows.map(toTier));
}

export async function saveSchedule(q: Queryable, schedule: VipSchedule): Promise<void> {
  await q.query(
    `UPDATE vip_levels l SET min_volume = v.min_volume, fee_multiplier = v.fee_multiplier, updated_at = now()
     FROM unnest($1::int[], $2::numeric[], $3::numeric[]) AS v (level, min_volume, fee_multiplier)
     WHERE l.level = v.level AND (l.min_volume <> v.min_volume OR l.fee_multiplier <> v.fee_multiplier)`,
    [
      schedule.map((t) => t.level),
      schedule.map((t) => formatUnits(t.minVolume)),
      schedule.map((t) => formatUnits(t.feeMultiplier)),
    ],
  );
}

/** Users whose stored level or volume is not the VIP0 default: the only ones a change can reset. */
export async function storedStatus(q: Queryable): Promise<Map<string, { level: number; volume: string }>> {
  const rows = await q.query<{ id: string; vip_level: number; vip_volume: string }>(
    `SELECT id::text AS id, vip_level, vip_volume::text AS vip_volume FROM user_directory
     WHERE vip_level > 0 OR vip_volume > 0`,
  );
  return new Map(rows.map((r) => [r.id, { level: Number(r.vip_level), volume: r.vip_volume }]));
}

/** Users above VIP0, for the fee cache. */
export async function levelsAboveZero(q: Queryable): Promise<Map<string, number>> {
  const rows = await q.query<{ id: string; vip_level: number }>(
    `SELECT id::text AS id, vip_level FROM user_directory WHERE (vip_level > 0 OR vip_volume > 0) AND vip_level > 0`,
  );
  return new Map(rows.map((r) => [r.id, Number(r.vip_level)]));
}

/** Writes levels and volumes: they live on the user's row, which the users area writes. */
export const writeStatus = users.setVipStatus;

export async function markComputed(q: Queryable, now: Date): Promise<void> {
  await q.query(
    `INSERT INTO vip_recompute (id, computed_at) VALUES (true, $1::timestamptz)
     ON CONFLICT (id) DO UPDATE SET computed_at = excluded.computed_at`,
    [now.toISOString()],
  );
}

export async function computedAt(q: Queryable): Promise<Date | null> {
  const [row] = await q.query<{ computed_at: Date }>('SELECT computed_at FROM vip_recompute');
  return row ? new Date(row.computed_at) : null;
}

/** A user's stored level and volume (VIP0 and 0 for a user the job has not reached yet). */
export async function userStatus(q: Queryable, userId: string): Promise<{ level: number; volume: string }> {
  const [row] = await q.query<{ vip_level: number; vip_volume: string }>(
    'SELECT vip_level, vip_volume::text AS vip_volume FROM user_directory WHERE id = $1',
    [userId],
  );
  return { level: Number(row?.vip_level ?? 0), volume: row?.vip_volume ?? '0' };
}

/** How many users hold each level now (system users are never above VIP0 and are not counted). */
export async function usersPerLevel(q: Queryable): Promise<Map<number, number>> {
  const rows = await q.query<{ vip_level: number; n: string }>(
    'SELECT vip_level, count(*)::text AS n FROM user_directory WHERE NOT system GROUP BY vip_level',
  );
  return new Map(rows.map((r) => [Number(r.vip_level), Number(r.n)]));
}

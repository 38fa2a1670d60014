import { type AgentLevel, parseUnits, type Units } from '@otc/core';
import type { Queryable } from '../db/db.ts';

/** The agent schedule and the ordinary referrer's ratio, as operators left them (migration 043). */
export interface Schedule {
  levels: AgentLevel[];
  defaultRatio: Units;
}

export async function loadSchedule(q: Queryable): Promise<Schedule> {
  const rows = await q.query<{
    level: number;
    ratio: string;
    upgrade_members: number;
    upgrade_volume: string;
    maintain_members: number;
    maintain_volume: string;
  }>(
    `SELECT level::int AS level, ratio::text AS ratio, upgrade_members, upgrade_volume::text AS upgrade_volume,
            maintain_members, maintain_volume::text AS maintain_volume
     FROM agent_levels ORDER BY level`,
  );
  const [settings] = await q.query<{ ratio: string }>(
    'SELECT default_ratio::text AS ratio FROM referral_settings',
  );
  return {
    levels: rows.map((r) => ({
      level: Number(r.level),
      ratio: parseUnits(r.ratio),
      upgrade: { validMembers: Number(r.upgrade_members), dailyVolume: parseUnits(r.upgrade_volume) },
      maintain: { validMembers: Number(r.maintain_members), dailyVolume: parseUnits(r.maintain_volume) },
    })),
    defaultRatio: parseUnits(settings?.ratio ?? '0'),
  };
}

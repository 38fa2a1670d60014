import {
  type AgentLevel,
  type AgentScheduleProblem,
  agentScheduleProblem,
  formatUnits,
  parseUnits,
  type Units,
} from '@otc/core';
import type { AdminAgentSchedule, SaveAgentScheduleBody } from '@otc/protocol/referral/schemas';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/db.ts';
import { failField } from '../http/errors.ts';
import { audit } from '../platform/audit.ts';
import { loadSchedule, type Schedule } from './schedule.ts';

const ONE = 10n ** 18n;
/** The columns keep 8 places: a figure with more would be rounded by the database, so it is refused. */
const places8 = (text: string) => !/\.\d{9,}$/.test(text);

/** The schedule as the back office lists it: each level with its agents now, and the default ratio. */
export async function adminSchedule(q: Queryable): Promise<AdminAgentSchedule> {
  const schedule = await loadSchedule(q);
  const rows = await q.query<{ level: number; agents: number; updated_at: Date }>(
    `SELECT l.level::int AS level, count(s.user_id)::int AS agents, l.updated_at
     FROM agent_levels l LEFT JOIN agent_status s ON s.level = l.level
     GROUP BY l.level, l.updated_at ORDER BY l.level`,
  );
  const extra = new Map(rows.map((r) => [Number(r.level), r]));
  return {
    defaultRatio: formatUnits(schedule.defaultRatio),
    levels: schedule.levels.map((l) => ({
      ...described(l),
      agents: Number(extra.get(l.level)?.agents ?? 0),
      updatedAt: new Date(extra.get(l.level)?.updated_at ?? 0).toISOString(),
    })),
  };
}

const described = (l: AgentLevel) => ({
  level: l.level,
  ratio: formatUnits(l.ratio),
  upgrade: { validMembers: l.upgrade.validMembers, dailyVolume: formatUnits(l.upgrade.dailyVolume) },
  maintain: { validMembers: l.maintain.validMembers, dailyVolume: formatUnits(l.maintain.dailyVolume) },
});
const describedSchedule = (s: Schedule) => ({
  defaultRatio: formatUnits(s.defaultRatio),
  levels: s.levels.map(described),
});

function refuse(problem: AgentScheduleProblem): never {
  switch (problem.kind) {
    case 'levels':
      return failField('agent_schedule_levels', 'levels');
    case 'ratio':
      return failField('agent_ratio_range', 'levels', { level: problem.level });
    case 'maintain_above_upgrade':
      return failField('agent_maintain_above_upgrade', 'levels', { level: problem.level });
    case 'order':
      return failField('agent_level_order', 'levels', { level: problem.level });
  }
}

/**
 * An admin replaces the agent schedule and the default ratio, checked whole by core's
 * `agentScheduleProblem` (a bad one is refused with its first problem, nothing changed). Saved and
 * audited with before and after in one transaction; levels are applied from the next day evaluated.
 */
export async function saveSchedule(
  ctx: AppContext,
  req: FastifyRequest,
  body: SaveAgentScheduleBody,
): Promise<AdminAgentSchedule> {
  const defaultRatio: Units = parseUnits(body.defaultRatio);
  if (defaultRatio > ONE || !places8(body.defaultRatio)) failField('referral_default_ratio', 'defaultRatio');
  const levels: AgentLevel[] = body.levels.map((l) => ({
    level: l.level,
    ratio: parseUnits(l.ratio),
    upgrade: { validMembers: l.upgrade.validMembers, dailyVolume: parseUnits(l.upgrade.dailyVolume) },
    maintain: { validMembers: l.maintain.validMembers, dailyVolume: parseUnits(l.maintain.dailyVolume) },
  }));
  const problem = agentScheduleProblem(levels);
  if (problem) refuse(problem);
  for (const l of body.levels) {
    if (!places8(l.ratio)) failField('agent_ratio_range', 'levels', { level: l.level });
    if (!places8(l.upgrade.dailyVolume) || !places8(l.maintain.dailyVolume))
      failField('field_invalid', 'levels');
  }
  const at = ctx.clock.date().toISOString();
  await ctx.db.tx(async (q) => {
    await q.query('SELECT level FROM agent_levels ORDER BY level FOR UPDATE');
    const before = await loadSchedule(q);
    await q.query(
      `UPDATE agent_levels l SET ratio = v.ratio, upgrade_members = v.um, upgrade_volume = v.uv,
         maintain_members = v.mm, maintain_volume = v.mv, updated_at = $7::timestamptz
       FROM unnest($1::smallint[], $2::numeric[], $3::int[], $4::numeric[], $5::int[], $6::numeric[])
         AS v (level, ratio, um, uv, mm, mv)
       WHERE l.level = v.level`,
      [
        levels.map((l) => l.level),
        levels.map((l) => formatUnits(l.ratio)),
        levels.map((l) => l.upgrade.validMembers),
        levels.map((l) => formatUnits(l.upgrade.dailyVolume)),
        levels.map((l) => l.maintain.validMembers),
        levels.map((l) => formatUnits(l.maintain.dailyVolume)),
        at,
      ],
    );
    await q.query('UPDATE referral_settings SET default_ratio = $1, updated_at = $2::timestamptz', [
      formatUnits(defaultRatio),
      at,
    ]);
    await audit(q, req, 'referral.schedule', null, {
      before: describedSchedule(before),
      after: describedSchedule({ defaultRatio, levels: [...levels].sort((a, b) => a.level - b.level) }),
    });
  });
  return adminSchedule(ctx.db);
}

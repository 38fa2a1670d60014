import type { AdminAgentSchedule, SaveAgentScheduleBody } from '@otc/protocol/referral/schemas';
import { referralTexts } from './texts.ts';

const t = referralTexts.agents;
/** What the columns keep: up to 8 places (the server refuses more). */
const DECIMAL_PATTERN = /^\d{1,20}(\.\d{1,8})?$/;
const COUNT_PATTERN = /^\d{1,7}$/;

export interface LevelValues {
  level: number;
  ratio: string;
  upgradeMembers: string;
  upgradeVolume: string;
  maintainMembers: string;
  maintainVolume: string;
}
export type LevelField = Exclude<keyof LevelValues, 'level'>;
export type ScheduleErrors = {
  defaultRatio?: string;
  levels: Record<number, Partial<Record<LevelField, string>>>;
};

/** The form's text values, as the schedule lists them. */
export function formValues(schedule: AdminAgentSchedule): { defaultRatio: string; levels: LevelValues[] } {
  return {
    defaultRatio: schedule.defaultRatio,
    levels: schedule.levels.map((l) => ({
      level: l.level,
      ratio: l.ratio,
      upgradeMembers: String(l.upgrade.validMembers),
      upgradeVolume: l.upgrade.dailyVolume,
      maintainMembers: String(l.maintain.validMembers),
      maintainVolume: l.maintain.dailyVolume,
    })),
  };
}

/**
 * Checks what each field holds (a decimal, a whole number) and builds the body; the rules between
 * levels are the server's (core's `agentScheduleProblem`), whose translated refusal the dialog shows.
 * Decimals stay the text typed, never JS numbers.
 */
export function checkForm(values: { defaultRatio: string; levels: readonly LevelValues[] }): {
  errors: ScheduleErrors;
  body: SaveAgentScheduleBody | null;
} {
  const errors: ScheduleErrors = { levels: {} };
  const mark = (level: number, field: LevelField, message: string) => {
    errors.levels[level] = { ...errors.levels[level], [field]: message };
  };
  const defaultRatio = values.defaultRatio.trim();
  if (!DECIMAL_PATTERN.test(defaultRatio)) errors.defaultRatio = t.errors.decimal;
  const rows = values.levels.map((r) => ({
    level: r.level,
    ratio: r.ratio.trim(),
    upgradeMembers: r.upgradeMembers.trim(),
    upgradeVolume: r.upgradeVolume.trim(),
    maintainMembers: r.maintainMembers.trim(),
    maintainVolume: r.maintainVolume.trim(),
  }));
  for (const r of rows) {
    for (const f of ['ratio', 'upgradeVolume', 'maintainVolume'] as const)
      if (!DECIMAL_PATTERN.test(r[f])) mark(r.level, f, t.errors.decimal);
    for (const f of ['upgradeMembers', 'maintainMembers'] as const)
      if (!COUNT_PATTERN.test(r[f])) mark(r.level, f, t.errors.members);
  }
  if (errors.defaultRatio || Object.keys(errors.levels).length > 0) return { errors, body: null };
  return {
    errors,
    body: {
      defaultRatio,
      levels: rows.map((r) => ({
        level: r.level,
        ratio: r.ratio,
        upgrade: { validMembers: Number(r.upgradeMembers), dailyVolume: r.upgradeVolume },
        maintain: { validMembers: Number(r.maintainMembers), dailyVolume: r.maintainVolume },
      })),
    },
  };
}

import { parseUnits, roundUnits, type Units } from '../money/decimal.ts';

/**
 * Referral's pure rules (issue 27, docs/decisions/0127-referral.md): invite codes, the rebate a
 * referrer earns on a referee's paid fee, and agent levels LV1..LV5 (upgrade and maintenance).
 * Money flows one level only: these rules never look past a referrer's own referees.
 */

/**
 * Invite codes: no 0/O, 1/I, so a code read aloud or typed from a screenshot is not mistaken. The
 * same 32 letters auth has always drawn codes from (apps/server/src/auth/service.ts), so every
 * code already given out stays valid.
 */
export const INVITE_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const INVITE_CODE_LENGTH = 8;
/** Rebates are rounded down to this many places: the platform never pays more than the ratio. */
export const REBATE_PLACES = 8;
export const AGENT_MIN_LEVEL = 1;
export const AGENT_MAX_LEVEL = 5;

/**
 * A code from random bytes (the server passes `crypto.randomBytes`; core stays free of node).
 * Rejection sampling keeps every letter equally likely: bytes >= the largest multiple of the
 * alphabet's size are skipped, so the caller passes more bytes than the code's length.
 */
export function inviteCodeFrom(bytes: Uint8Array): string | null {
  const n = INVITE_CODE_ALPHABET.length;
  const limit = 256 - (256 % n);
  let code = '';
  for (const b of bytes) {
    if (b >= limit) continue;
    code += INVITE_CODE_ALPHABET[b % n];
    if (code.length === INVITE_CODE_LENGTH) return code;
  }
  return null;
}

/** A typed code as stored (codes are case-insensitive), or null when it cannot be a code. */
export function normalizeInviteCode(text: string): string | null {
  const code = text.trim().toUpperCase();
  if (code.length !== INVITE_CODE_LENGTH) return null;
  for (const c of code) if (!INVITE_CODE_ALPHABET.includes(c)) return null;
  return code;
}

/** Rebate = fee x ratio, rounded DOWN to 8 places; nothing on a non-positive fee. */
export function rebateFor(fee: Units, ratio: Units): Units {
  if (fee <= 0n || ratio <= 0n) return 0n;
  return roundUnits((fee * ratio) / 10n ** 18n, REBATE_PLACES, 'down');
}

/** What a level asks: valid members (referees with basic verification and a first deposit) and team daily volume. */
export interface AgentCondition {
  validMembers: number;
  /** USDT, units of 10^-18. */
  dailyVolume: Units;
}

export interface AgentLevel {
  level: number;
  /** Share of a referee's paid fee rebated, in [0, 1] (units of 10^-18). */
  ratio: Units;
  upgrade: AgentCondition;
  maintain: AgentCondition;
}

/** A team's figures for one day, as the daily job measures them. */
export type AgentStats = AgentCondition;

export type AgentScheduleProblem =
  | { kind: 'levels' }
  | { kind: 'ratio'; level: number }
  | { kind: 'maintain_above_upgrade'; level: number }
  | { kind: 'order'; level: number };

const ONE = 10n ** 18n;

/**
 * Checks a schedule an operator proposes: LV1..LV5 once each, ratios in [0, 1], maintenance no
 * harder than the upgrade (else a level is lost the day after it is reached), and each level asking
 * at least as much as the one below with a ratio at least as high (a promotion never pays less).
 */
export function agentScheduleProblem(levels: readonly AgentLevel[]): AgentScheduleProblem | null {
  const sorted = [...levels].sort((a, b) => a.level - b.level);
  const expected = AGENT_MAX_LEVEL - AGENT_MIN_LEVEL + 1;
  if (sorted.length !== expected || sorted.some((l, i) => l.level !== AGENT_MIN_LEVEL + i)) {
    return { kind: 'levels' };
  }
  for (const [i, l] of sorted.entries()) {
    if (l.ratio < 0n || l.ratio > ONE) return { kind: 'ratio', level: l.level };
    if (l.maintain.validMembers > l.upgrade.validMembers || l.maintain.dailyVolume > l.upgrade.dailyVolume) {
      return { kind: 'maintain_above_upgrade', level: l.level };
    }
    const below = sorted[i - 1];
    if (
      below &&
      (l.ratio < below.ratio ||
        l.upgrade.validMembers < below.upgrade.validMembers ||
        l.upgrade.dailyVolume < below.upgrade.dailyVolume)
    ) {
      return { kind: 'order', level: l.level };
    }
  }
  return null;
}

const meets = (stats: AgentStats, c: AgentCondition): boolean =>
  stats.validMembers >= c.validMembers && stats.dailyVolume >= c.dailyVolume;

/**
 * The level after a day's evaluation (0 = no agent level, an ordinary referrer). The highest level
 * whose upgrade conditions the day meets wins if above the current one; otherwise the current level
 * is kept while its maintenance holds, else the agent falls to the highest lower level it maintains.
 */
export function nextAgentLevel(current: number, stats: AgentStats, levels: readonly AgentLevel[]): number {
  const sorted = [...levels].sort((a, b) => a.level - b.level);
  let reached = 0;
  for (const l of sorted) if (meets(stats, l.upgrade)) reached = l.level;
  if (reached > current) return reached;
  let kept = 0;
  for (const l of sorted) if (l.level <= current && meets(stats, l.maintain)) kept = l.level;
  return Math.max(kept, reached);
}

/** The ratio a referrer earns: its level's, or the default for an ordinary user (level 0). */
export function rebateRatio(level: number, levels: readonly AgentLevel[], defaultRatio: Units): Units {
  return levels.find((l) => l.level === level)?.ratio ?? defaultRatio;
}

/** What is still missing to reach the next level, or null at the top. */
export function agentProgress(
  current: number,
  stats: AgentStats,
  levels: readonly AgentLevel[],
): { level: number; validMembers: number; dailyVolume: Units } | null {
  const next = levels.find((l) => l.level === current + 1);
  if (!next) return null;
  return {
    level: next.level,
    validMembers: Math.max(0, next.upgrade.validMembers - stats.validMembers),
    dailyVolume:
      next.upgrade.dailyVolume > stats.dailyVolume ? next.upgrade.dailyVolume - stats.dailyVolume : 0n,
  };
}

const level = (n: number, ratio: string, up: [number, string], keep: [number, string]): AgentLevel => ({
  level: n,
  ratio: parseUnits(ratio),
  upgrade: { validMembers: up[0], dailyVolume: parseUnits(up[1]) },
  maintain: { validMembers: keep[0], dailyVolume: parseUnits(keep[1]) },
});

/** The ratio an ordinary referrer (no agent level) earns until an operator changes it. */
export const DEFAULT_REBATE_RATIO: Units = parseUnits('0.1');

/** The schedule the platform starts with; operators edit it in the back office. */
export const DEFAULT_AGENT_LEVELS: readonly AgentLevel[] = [
  level(1, '0.2', [5, '10000'], [3, '5000']),
  level(2, '0.25', [15, '50000'], [10, '25000']),
  level(3, '0.3', [40, '200000'], [30, '100000']),
  level(4, '0.35', [100, '1000000'], [80, '500000']),
  level(5, '0.4', [300, '5000000'], [240, '2500000']),
];

/**
 * A day's rebates are summed once it has been over this long: a fill the platform clock stamps just
 * before midnight is committed by its engine a moment later, and must be in the sum.
 */
export const REBATE_GRACE_MS = 5 * 60_000;
/** How many past days one run catches up when the job did not run (the platform down over midnight). */
export const REBATE_CATCH_UP_DAYS = 7;

/**
 * The days (UTC day numbers, days since 1970-01-01) a run at `nowMs` sums, oldest first: each day
 * after the last summed (`null` before the first run: yesterday alone) through the last day over
 * for at least the grace, and never more than the catch-up's days back.
 */
export function rebateDays(lastSummed: number | null, nowMs: number): number[] {
  const last = Math.floor((nowMs - REBATE_GRACE_MS) / 86_400_000) - 1;
  const first = Math.max((lastSummed ?? last - 1) + 1, last - REBATE_CATCH_UP_DAYS + 1);
  const days: number[] = [];
  for (let d = first; d <= last; d++) days.push(d);
  return days;
}

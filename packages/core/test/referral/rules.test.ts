import { describe, expect, it } from 'vitest';
import { formatUnits, parseUnits } from '../../src/money/decimal.ts';
import {
  type AgentLevel,
  agentProgress,
  agentScheduleProblem,
  DEFAULT_AGENT_LEVELS,
  DEFAULT_REBATE_RATIO,
  INVITE_CODE_ALPHABET,
  inviteCodeFrom,
  nextAgentLevel,
  normalizeInviteCode,
  rebateDays,
  rebateFor,
  rebateRatio,
} from '../../src/referral/rules.ts';

const u = parseUnits;
const stats = (validMembers: number, dailyVolume: string) => ({ validMembers, dailyVolume: u(dailyVolume) });

describe('invite codes', () => {
  it('maps bytes onto the 32 letters, one byte a letter', () => {
    // 32 divides 256, so no byte is skipped: 0 -> 'A', 31 -> '9', 32 -> 'A', 255 -> '9', 8..12 -> 'JKLMN'.
    expect(INVITE_CODE_ALPHABET.length).toBe(32);
    expect(inviteCodeFrom(Uint8Array.from([0, 1, 2, 3, 4, 5, 6, 7]))).toBe('ABCDEFGH');
    expect(inviteCodeFrom(Uint8Array.from([31, 32, 255, 8, 9, 10, 11, 12]))).toBe('9A9JKLMN');
    expect(inviteCodeFrom(Uint8Array.from([0, 1, 2]))).toBeNull(); // not enough bytes
  });

  it('reads a typed code case-insensitively and refuses what cannot be a code', () => {
    expect(normalizeInviteCode('  abcd2345 ')).toBe('ABCD2345');
    expect(normalizeInviteCode('ABCD234')).toBeNull(); // too short
    expect(normalizeInviteCode('ABCD2340')).toBeNull(); // 0 is not in the alphabet
    expect(normalizeInviteCode("AB'; --12")).toBeNull();
  });
});

describe('rebates', () => {
  it('is fee x ratio rounded down to 8 places', () => {
    // 0.123456789 x 0.2 = 0.0246913578 -> 0.02469135
    expect(formatUnits(rebateFor(u('0.123456789'), u('0.2')))).toBe('0.02469135');
    // 1.5 USDT fee at the default 10% -> 0.15
    expect(formatUnits(rebateFor(u('1.5'), DEFAULT_REBATE_RATIO))).toBe('0.15');
    // 0.000000019 x 0.4 = 0.0000000076 -> 0.00000000: too small to pay
    expect(rebateFor(u('0.000000019'), u('0.4'))).toBe(0n);
  });

  it('pays nothing on a zero or negative fee', () => {
    expect(rebateFor(0n, u('0.3'))).toBe(0n);
    expect(rebateFor(u('-1'), u('0.3'))).toBe(0n);
  });

  it('takes the ratio from the level, the default for an ordinary referrer', () => {
    expect(formatUnits(rebateRatio(3, DEFAULT_AGENT_LEVELS, DEFAULT_REBATE_RATIO))).toBe('0.3');
    expect(formatUnits(rebateRatio(0, DEFAULT_AGENT_LEVELS, DEFAULT_REBATE_RATIO))).toBe('0.1');
  });
});

describe('agent levels', () => {
  it('accepts the default schedule', () => {
    expect(agentScheduleProblem(DEFAULT_AGENT_LEVELS)).toBeNull();
  });

  it('refuses a schedule with a level missing, a ratio above 1, easy upgrades or hard maintenance', () => {
    expect(agentScheduleProblem(DEFAULT_AGENT_LEVELS.slice(1))).toEqual({ kind: 'levels' });
    const edit = (level: number, change: Partial<AgentLevel>) =>
      DEFAULT_AGENT_LEVELS.map((l) => (l.level === level ? { ...l, ...change } : l));
    expect(agentScheduleProblem(edit(2, { ratio: u('1.5') }))).toEqual({ kind: 'ratio', level: 2 });
    expect(agentScheduleProblem(edit(2, { ratio: u('0.1') }))).toEqual({ kind: 'order', level: 2 });
    expect(agentScheduleProblem(edit(1, { maintain: { validMembers: 6, dailyVolume: u('5000') } }))).toEqual({
      kind: 'maintain_above_upgrade',
      level: 1,
    });
  });

  it('upgrades to the highest level whose conditions the day meets', () => {
    // LV2 asks 15 members and 50000; LV3 asks 40 and 200000.
    expect(nextAgentLevel(0, stats(15, '50000'), DEFAULT_AGENT_LEVELS)).toBe(2);
    expect(nextAgentLevel(0, stats(40, '199999.99'), DEFAULT_AGENT_LEVELS)).toBe(2);
    expect(nextAgentLevel(1, stats(4, '1000000'), DEFAULT_AGENT_LEVELS)).toBe(1); // members short of LV1's 5
  });

  it('keeps a level while maintenance holds and falls to the level it still maintains', () => {
    // LV3 is kept with 30 members and 100000 (its maintenance), lost with 29.
    expect(nextAgentLevel(3, stats(30, '100000'), DEFAULT_AGENT_LEVELS)).toBe(3);
    expect(nextAgentLevel(3, stats(29, '100000'), DEFAULT_AGENT_LEVELS)).toBe(2);
    expect(nextAgentLevel(1, stats(2, '100000'), DEFAULT_AGENT_LEVELS)).toBe(0);
  });

  it('shows what is missing for the next level', () => {
    const p = agentProgress(1, stats(12, '20000.5'), DEFAULT_AGENT_LEVELS);
    expect(p?.level).toBe(2);
    expect(p?.validMembers).toBe(3); // 15 - 12
    expect(formatUnits(p?.dailyVolume ?? 0n)).toBe('29999.5'); // 50000 - 20000.5
    expect(agentProgress(5, stats(0, '0'), DEFAULT_AGENT_LEVELS)).toBeNull();
  });
});

describe('the days a rebate run sums', () => {
  const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;
  const at = (iso: string) => Date.parse(iso);

  it('sums yesterday once it has been over 5 minutes, and nothing twice', () => {
    // 2027-05-11 00:04:59: 05-10 is still within the grace; 05-09 was summed.
    expect(rebateDays(day('2027-05-09'), at('2027-05-11T00:04:59.999Z'))).toEqual([]);
    expect(rebateDays(day('2027-05-09'), at('2027-05-11T00:05:00Z'))).toEqual([day('2027-05-10')]);
    expect(rebateDays(day('2027-05-10'), at('2027-05-11T23:59:59Z'))).toEqual([]);
    // The first run ever: yesterday alone, whatever came before.
    expect(rebateDays(null, at('2027-05-11T08:00:00Z'))).toEqual([day('2027-05-10')]);
  });

  it('catches up the days missed, a week back at most, oldest first', () => {
    expect(rebateDays(day('2027-05-07'), at('2027-05-11T01:00:00Z'))).toEqual(
      ['2027-05-08', '2027-05-09', '2027-05-10'].map(day),
    );
    // Down since April: the seven days 05-04 .. 05-10.
    const days = rebateDays(day('2027-04-01'), at('2027-05-11T01:00:00Z'));
    expect(days).toHaveLength(7);
    expect(days[0]).toBe(day('2027-05-04'));
    expect(days[6]).toBe(day('2027-05-10'));
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluateAgents } from '../../../src/referral/agents.ts';
import { DATABASES, manualClock, startServer, type TestServer } from '../support/harness.ts';
import { agentStatus, at, fill, funding, rebates, register, validate } from './referral-fixtures.ts';

/**
 * Agent levels (docs/decisions/0127-referral.md): each day the job measures a referrer's team (valid
 * members: basic verification and a first deposit by the day's end; team daily volume: the
 * referees' live notional), moves the level by core's nextAgentLevel, and pays the day's rebate at
 * the level evaluated for that day. The schedule is set by hand to small figures.
 */
describe.each(DATABASES)('agent levels on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, { clock: 'manual' });
    manualClock(s).set(Date.parse('2027-06-01T00:30:00Z'));
    // LV1: 20%, up with 2 members and 1,000 a day, kept with 1 and 500; LV2: 25%, up with 3 and
    // 5,000, kept with 2 and 2,000; LV3..LV5 out of reach.
    await s.db.query(
      `UPDATE agent_levels SET
         ratio = (ARRAY[0.2, 0.25, 0.3, 0.35, 0.4])[level],
         upgrade_members = (ARRAY[2, 3, 1000, 1000, 1000])[level],
         upgrade_volume = (ARRAY[1000, 5000, 1e12, 1e12, 1e12])[level],
         maintain_members = (ARRAY[1, 2, 1000, 1000, 1000])[level],
         maintain_volume = (ARRAY[500, 2000, 1e12, 1e12, 1e12])[level]`,
    );
  });
  afterAll(() => s.close());

  it('moves a referrer up and down by its team of the day, and pays each day at that day’s level', async () => {
    const referrer = await register(s);
    const [b1, b2, b3] = [
      await register(s, referrer.user.inviteCode),
      await register(s, referrer.user.inviteCode),
      await register(s, referrer.user.inviteCode),
    ].map((r) => r.user.id) as [string, string, string];
    // b1 and b2 valid from 05-31; b3 verified but its first deposit comes on 06-02 at 10:00.
    await validate(s, b1, '2027-05-31T10:00:00Z');
    await validate(s, b2, '2027-05-31T10:00:00Z');
    await validate(s, b3, '2027-05-31T10:00:00Z', { deposit: false });
    await validate(s, b3, '2027-06-02T10:00:00Z', { kyc: false });
    // The referrer's own trading is not its team's; demo trading never counts.
    await fill(s, referrer.user.id, '2027-06-01T08:00:00Z', { fee: '0', notional: '90000' });

    // 06-01: 2 valid members (b3 has no deposit yet), 600 + 500 = 1,100 traded: LV1 (2 and 1,000).
    // b1's fee of 10 is rebated at LV1's 20%: 2.
    await fill(s, b1, '2027-06-01T09:00:00Z', { fee: '10', notional: '600' });
    await fill(s, b2, '2027-06-01T09:00:00Z', { fee: '0', notional: '500' });
    await fill(s, b3, '2027-06-01T09:00:00Z', { fee: '0', notional: '99999', realm: 'demo' });
    await at(s, '2027-06-02T00:06:00Z');
    expect(await agentStatus(s, referrer.user.id)).toEqual({
      level: 1,
      valid: 2,
      volume: '1100',
      day: '2027-06-01',
    });

    // 06-02: b3's deposit makes 3 valid; 6,000 traded: LV2 (3 and 5,000). 10 at 25% = 2.5.
    await fill(s, b3, '2027-06-02T12:00:00Z', { fee: '10', notional: '6000' });
    await at(s, '2027-06-03T00:06:00Z');
    expect(await agentStatus(s, referrer.user.id)).toEqual({
      level: 2,
      valid: 3,
      volume: '6000',
      day: '2027-06-02',
    });

    // 06-03: 2,500 traded: below LV2's upgrade, above its maintenance (2 and 2,000): LV2 kept. 10 at 25% = 2.5.
    await fill(s, b1, '2027-06-03T12:00:00Z', { fee: '10', notional: '2500' });
    await at(s, '2027-06-04T00:06:00Z');
    expect(await agentStatus(s, referrer.user.id)).toEqual({
      level: 2,
      valid: 3,
      volume: '2500',
      day: '2027-06-03',
    });

    // 06-04: 100 traded (and 100,000 in demo): LV2 not maintained, nor LV1 (500): an ordinary
    // referrer again, 10 at the default 10% = 1.
    await fill(s, b2, '2027-06-04T12:00:00Z', { fee: '10', notional: '100' });
    await fill(s, b2, '2027-06-04T13:00:00Z', { fee: '0', notional: '100000', realm: 'demo' });
    await at(s, '2027-06-05T00:06:00Z');
    expect(await agentStatus(s, referrer.user.id)).toEqual({
      level: 0,
      valid: 3,
      volume: '100',
      day: '2027-06-04',
    });

    expect((await rebates(s, referrer.user.id)).map((r) => [r.day, r.ratio, r.rebate])).toEqual([
      ['2027-06-01', '0.2', '2'],
      ['2027-06-02', '0.25', '2.5'],
      ['2027-06-03', '0.25', '2.5'],
      ['2027-06-04', '0.1', '1'],
    ]);
    // 2 + 2.5 + 2.5 + 1 = 8.
    expect(await funding(s, referrer.user.id)).toBe('8');
    // A second evaluation of a day already evaluated changes nothing.
    expect(await s.db.tx((q) => evaluateAgents(q, '2027-06-04', Date.parse('2027-06-05T01:00:00Z')))).toBe(0);
    expect(await s.db.tx((q) => evaluateAgents(q, '2027-06-03', Date.parse('2027-06-05T01:00:00Z')))).toBe(0);
    expect((await agentStatus(s, referrer.user.id))?.day).toBe('2027-06-04');
  });
});

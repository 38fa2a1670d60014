import { maskText } from '@otc/core';
import type { AgentStats, PromoteInfo, RebateRecordsPage, TeamPage } from '@otc/protocol/referral/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, manualClock, startServer, type TestServer } from '../support/harness.ts';
import { at, fill, pair, register, validate } from './referral-fixtures.ts';

/**
 * What a user reads of its invites (docs/decisions/0127-referral.md): the seed's promoteinfo, its
 * rebate records and team paged, its agent statistics. Each answers about the caller alone.
 */
describe.each(DATABASES)('referral pages on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, { clock: 'manual' });
    manualClock(s).set(Date.parse('2027-07-29T12:00:00Z'));
  });
  afterAll(() => s.close());

  it('answers promoteinfo, records, team and agent figures for the caller, and nobody else', async () => {
    const { referrer, referee } = await pair(s);
    const second = await register(s, referrer.user.inviteCode);
    await validate(s, referee.user.id, '2027-07-29T13:00:00Z');
    // Fees of 07-30 (10), 07-31 (20) and 08-01 (40; 2,500 traded): credited at 10% the day after
    // each, 1 on 07-31, 2 on 08-01, 4 on 08-02.
    await fill(s, referee.user.id, '2027-07-30T10:00:00Z', { fee: '10' });
    await fill(s, second.user.id, '2027-07-31T10:00:00Z', { fee: '20' });
    await fill(s, referee.user.id, '2027-08-01T10:00:00Z', { fee: '40', notional: '2500' });
    await at(s, '2027-07-31T00:06:00Z');
    await at(s, '2027-08-01T00:06:00Z');
    await at(s, '2027-08-02T00:06:00Z');
    await at(s, '2027-08-02T12:00:00Z');

    const info = await s.api<PromoteInfo>('/api/common/promoteinfo', {}, { token: referrer.token });
    expect(info.status).toBe(200);
    const records = [
      {
        day: '2027-08-01',
        feeTotal: '40',
        ratio: '0.1',
        rebate: '4',
        asset: 'USDT',
        createdAt: '2027-08-02T00:06:00.000Z',
      },
      {
        day: '2027-07-31',
        feeTotal: '20',
        ratio: '0.1',
        rebate: '2',
        asset: 'USDT',
        createdAt: '2027-08-01T00:06:00.000Z',
      },
      {
        day: '2027-07-30',
        feeTotal: '10',
        ratio: '0.1',
        rebate: '1',
        asset: 'USDT',
        createdAt: '2027-07-31T00:06:00.000Z',
      },
    ];
    // Today (08-02): 4; this month (August): 2 + 4 = 6; in all 1 + 2 + 4 = 7.
    expect(info.body.data).toEqual({
      inviteCode: referrer.user.inviteCode,
      link: `${s.config.publicUrl}/#/pages/login/register?invite=${referrer.user.inviteCode}`,
      count: 2,
      asset: 'USDT',
      todayRebate: '4',
      monthRebate: '6',
      totalRebate: '7',
      records: records.map((r) => ({ ...r, id: expect.any(String) })),
    });

    // Records paged, newest first.
    const first = await s.api<RebateRecordsPage>(
      '/api/referral/rebates',
      { pageSize: 2 },
      { token: referrer.token },
    );
    expect(first.body.data.total).toBe(3);
    expect(first.body.data.items.map((r) => r.day)).toEqual(['2027-08-01', '2027-07-31']);
    const last = await s.api<RebateRecordsPage>(
      '/api/referral/rebates',
      { page: 2, pageSize: 2 },
      { token: referrer.token },
    );
    expect(last.body.data.items.map((r) => r.rebate)).toEqual(['1']);

    // The team, contacts masked (first 3 and last 3 kept), newest first; the validated referee counts.
    const team = await s.api<TeamPage>('/api/referral/team', {}, { token: referrer.token });
    expect(team.body.data.total).toBe(2);
    expect(team.body.data.items.map((m) => [m.contact, m.valid])).toEqual([
      [maskText(second.user.email ?? ''), false],
      [maskText(referee.user.email ?? ''), true],
    ]);
    for (const m of team.body.data.items) expect(m.contact).toMatch(/^.{3}\*{4}com$/);

    // Agent figures as 08-01 was evaluated: 1 valid member, 2,500 traded; LV1 asks 5 and 10,000.
    const agent = await s.api<AgentStats>('/api/referral/agent', {}, { token: referrer.token });
    expect(agent.body.data).toMatchObject({
      level: 0,
      ratio: '0.1',
      teamSize: 2,
      validMembers: 1,
      dailyVolume: '2500',
      evaluatedDay: '2027-08-01',
      feeTotal: '70',
      rebateTotal: '7',
      next: { level: 1, validMembers: 4, dailyVolume: '7500' },
    });
    expect(agent.body.data.levels.map((l) => [l.level, l.ratio])).toEqual([
      [1, '0.2'],
      [2, '0.25'],
      [3, '0.3'],
      [4, '0.35'],
      [5, '0.4'],
    ]);

    // The referee sees its own (nothing), never its referrer's; naming another user is refused.
    const own = await s.api<RebateRecordsPage>('/api/referral/rebates', {}, { token: referee.token });
    expect(own.body.data).toEqual({ items: [], total: 0 });
    const theirs = await s.api(
      '/api/referral/rebates',
      { userId: referrer.user.id },
      { token: referee.token },
    );
    expect(theirs.status).toBe(400);
    expect(theirs.body.data.error).toBe('field_invalid');
    const refereeInfo = await s.api<PromoteInfo>('/api/common/promoteinfo', {}, { token: referee.token });
    expect(refereeInfo.body.data).toMatchObject({
      inviteCode: referee.user.inviteCode,
      count: 0,
      totalRebate: '0',
    });
    // Without a session: nothing.
    for (const path of [
      '/api/common/promoteinfo',
      '/api/referral/rebates',
      '/api/referral/team',
      '/api/referral/agent',
    ])
      expect((await s.api(path, {})).status, path).toBe(401);
  });

  it('refuses a demo user with a translated error: demo users never refer', async () => {
    const demo = (await s.api<{ token: string }>('/api/auth/loginvirtual', {})).body.data;
    for (const path of [
      '/api/common/promoteinfo',
      '/api/referral/rebates',
      '/api/referral/team',
      '/api/referral/agent',
    ]) {
      const res = await s.api(path, {}, { token: demo.token });
      expect(res.status, path).toBe(403);
      expect(res.body.data.error).toBe('referral_demo');
      expect(res.body.msg).toBe('Simulated accounts cannot invite friends or earn rebates.');
    }
    const de = await s.api('/api/common/promoteinfo', {}, { token: demo.token, lang: 'de' });
    expect(de.body.msg).toBe('Simulierte Konten können keine Freunde einladen und keine Rabatte erhalten.');
  });
});

import type { AdminAgentSchedule, SaveAgentScheduleBody } from '@otc/protocol/referral/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DATABASES, startServer, type TestServer } from '../support/harness.ts';
import { register } from './referral-fixtures.ts';

/** The agent schedule in the back office (docs/decisions/0127-referral.md): read by operators, edited by admins, audited. */
describe.each(DATABASES)('agent schedule in the back office on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await startServer(kind);
    admin = (await s.api<{ token: string }>('/api/admin/login', ADMIN)).body.data.token;
  });
  afterAll(() => s.close());

  const schedule = async (token = admin) =>
    (await s.api<AdminAgentSchedule>('/api/admin/referral/levels', undefined, { token })).body.data;
  const save = (body: SaveAgentScheduleBody, opts: { token?: string; lang?: string } = {}) =>
    s.api<AdminAgentSchedule>('/api/admin/referral/levels/save', body, { token: admin, ...opts });
  const bodyOf = (sch: AdminAgentSchedule): SaveAgentScheduleBody => ({
    defaultRatio: sch.defaultRatio,
    levels: sch.levels.map(({ level, ratio, upgrade, maintain }) => ({ level, ratio, upgrade, maintain })),
  });
  const audits = async () =>
    (
      await s.db.query<{ detail: { after: { defaultRatio: string } } }>(
        `SELECT detail FROM audit_log WHERE action = 'referral.schedule' ORDER BY id`,
      )
    ).map((r) => r.detail);

  it('refuses a schedule core finds wrong, translated, changing nothing; only admins save', async () => {
    const before = await schedule();
    expect(before.defaultRatio).toBe('0.1');
    expect(before.levels.map((l) => [l.level, l.ratio, l.agents])).toEqual([
      [1, '0.2', 0],
      [2, '0.25', 0],
      [3, '0.3', 0],
      [4, '0.35', 0],
      [5, '0.4', 0],
    ]);
    const body = bodyOf(before);
    const at = (level: number, change: Partial<SaveAgentScheduleBody['levels'][number]>) => ({
      ...body,
      levels: body.levels.map((l) => (l.level === level ? { ...l, ...change } : l)),
    });
    // LV2 kept with 20 members but reached with 15.
    const harder = await save(at(2, { maintain: { validMembers: 20, dailyVolume: '25000' } }));
    expect(harder.status).toBe(400);
    expect(harder.body.data).toMatchObject({ error: 'agent_maintain_above_upgrade', field: 'levels' });
    expect(harder.body.msg).toBe('LV2: keeping the level cannot ask more than reaching it.');
    // LV3 paying less than LV2, in German.
    const lower = await save(at(3, { ratio: '0.2' }), { lang: 'de' });
    expect(lower.body.data.error).toBe('agent_level_order');
    expect(lower.body.msg).toContain('LV3');
    // A ratio above 1; one with 9 decimals (the column keeps 8); LV5 missing; a default ratio above 1.
    expect((await save(at(5, { ratio: '1.5' }))).body.data.error).toBe('agent_ratio_range');
    expect((await save(at(5, { ratio: '0.400000001' }))).body.data.error).toBe('agent_ratio_range');
    expect((await save({ ...body, levels: body.levels.slice(0, 4) })).body.data.error).toBe(
      'agent_schedule_levels',
    );
    expect((await save({ ...body, defaultRatio: '1.01' })).body.data).toMatchObject({
      error: 'referral_default_ratio',
      field: 'defaultRatio',
    });
    // A user's token, and no token, are refused.
    const user = await register(s);
    expect((await save(body, { token: user.token })).status).toBe(401);
    expect((await s.api('/api/admin/referral/levels')).status).toBe(401);
    // A reviewer reads, never saves.
    await s.api(
      '/api/admin/operators',
      { email: 'reviewer.referral@test.local', password: 'Reviewer-pass-1', role: 'reviewer' },
      { token: admin },
    );
    const reviewer = (
      await s.api<{ token: string }>('/api/admin/login', {
        email: 'reviewer.referral@test.local',
        password: 'Reviewer-pass-1',
      })
    ).body.data.token;
    expect((await save(body, { token: reviewer })).status).toBe(403);
    expect((await schedule(reviewer)).levels).toHaveLength(5);
    expect(await schedule()).toEqual(before);
    expect(await audits()).toEqual([]);
  });

  it('saves an admin’s schedule and default ratio, audited with before and after', async () => {
    const body = bodyOf(await schedule());
    const next = {
      defaultRatio: '0.12',
      levels: body.levels.map((l) =>
        l.level === 1 ? { ...l, ratio: '0.22', upgrade: { validMembers: 4, dailyVolume: '8000' } } : l,
      ),
    };
    const saved = await save(next);
    expect(saved.status).toBe(200);
    expect(saved.body.data.defaultRatio).toBe('0.12');
    expect(saved.body.data.levels[0]).toMatchObject({
      level: 1,
      ratio: '0.22',
      upgrade: { validMembers: 4, dailyVolume: '8000' },
      maintain: { validMembers: 3, dailyVolume: '5000' },
    });
    const [entry] = await audits();
    expect(entry).toMatchObject({
      before: { defaultRatio: '0.1' },
      after: {
        defaultRatio: '0.12',
        levels: expect.arrayContaining([expect.objectContaining({ level: 1, ratio: '0.22' })]),
      },
    });
    // The daily job reads what was saved.
    const [row] = await s.db.query<{ r: string }>('SELECT default_ratio::text AS r FROM referral_settings');
    expect(row?.r).toBe('0.12000000');
  });
});

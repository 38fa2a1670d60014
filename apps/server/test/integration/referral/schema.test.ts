import { DEFAULT_AGENT_LEVELS, DEFAULT_REBATE_RATIO, formatUnits, parseUnits } from '@otc/core';
import type { Session } from '@otc/protocol/auth/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, lastOutboxCode, startServer, type TestServer, uniqueEmail } from '../support/harness.ts';

/**
 * Migration 043 (docs/decisions/0127-referral.md): the settings and agent schedule start as core's
 * defaults, and one rebate row per referrer and day is all the database allows (two runs pay once).
 */
describe.each(DATABASES)('referral tables on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(() => s.close());

  it('starts with the default ratio, 10%, as core says', async () => {
    const [row] = await s.db.query<{ r: string }>('SELECT default_ratio::text AS r FROM referral_settings');
    const ratio = row?.r ?? 'missing';
    // 0.1 = 10%: NUMERIC text "0.10000000", compared as units, never as a JS number.
    expect(parseUnits(ratio)).toBe(DEFAULT_REBATE_RATIO);
    expect(formatUnits(parseUnits(ratio))).toBe('0.1');
  });

  it('seeds agent levels LV1..LV5 exactly from core DEFAULT_AGENT_LEVELS', async () => {
    const rows = await s.db.query<{
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
    expect(
      rows.map((r) => ({
        level: Number(r.level),
        ratio: parseUnits(r.ratio),
        upgrade: { validMembers: Number(r.upgrade_members), dailyVolume: parseUnits(r.upgrade_volume) },
        maintain: { validMembers: Number(r.maintain_members), dailyVolume: parseUnits(r.maintain_volume) },
      })),
    ).toEqual(DEFAULT_AGENT_LEVELS);
  });

  it('keeps one rebate per referrer and day', async () => {
    const email = uniqueEmail('refdb');
    await s.api('/api/auth/sendemail', { email, purpose: 'register' });
    const reg = await s.api<Session>('/api/auth/register', {
      type: 'email',
      account: email,
      code: await lastOutboxCode(s.db, email.toLowerCase()),
      password: 'Secret123',
      confirmPassword: 'Secret123',
      agree: true,
    });
    expect(reg.body.code).toBe(200);
    const user = reg.body.data.user;
    const insert = () =>
      s.db.query<{ id: string }>(
        `INSERT INTO referral_rebates (referrer_id, day, fee_total, ratio, rebate, created_at)
         VALUES ($1, '2026-01-02', 12.5, 0.1, 1.25, now())
         ON CONFLICT (referrer_id, day) DO NOTHING RETURNING id::text AS id`,
        [user.id],
      );
    // fee 12.5 x 0.1 = 1.25: the first run writes the row, the second writes nothing.
    expect(await insert()).toHaveLength(1);
    expect(await insert()).toHaveLength(0);
    await s.db.query('DELETE FROM referral_rebates WHERE referrer_id = $1', [user.id]);
  });
});

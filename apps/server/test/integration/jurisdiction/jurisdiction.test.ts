import { randomUUID } from 'node:crypto';
import type { AdminSession } from '@otc/protocol/admin/schemas';
import { phoneCountry } from '@otc/protocol/auth/phone-country';
import type { Session } from '@otc/protocol/auth/schemas';
import type { JurisdictionProfile, MyJurisdiction } from '@otc/protocol/jurisdiction/schemas';
import type { PositionDetail, PositionOrder } from '@otc/protocol/positions/schemas';
import type { SecondsAccess } from '@otc/protocol/seconds/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tick } from '../positions/helpers.ts';
import { deposit, PASSWORD, registerUser } from '../support/accounts.ts';
import {
  ADMIN,
  DATABASES,
  lastOutboxCode,
  startServer,
  type TestServer,
  uniquePhone,
} from '../support/harness.ts';

const ESMA = { majorFx: 30, otherFx: 20, goldIndex: 20, otherCommodity: 10, stock: 5, crypto: 2 };

describe.each(DATABASES)('rules by jurisdiction on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await startServer(kind);
    tick(s, '60000');
    admin = (await s.api<AdminSession>('/api/admin/login', ADMIN)).body.data.token;
    // Seconds contracts on for everyone the platform serves: what is left off is the country's doing.
    await s.api('/api/admin/seconds/switch', { enabled: true, blockedCountries: [] }, { token: admin });
  });
  afterAll(() => s.close());

  /**
   * A live user signed up with a UK mobile number, with `usdt` in the contract account. +44 7400-7409
   * is Great Britain's alone (much of +44 7700, the harness's range, is Jersey's: a country of its own).
   */
  async function ukUser(usdt = '1000'): Promise<Session> {
    let phone = uniquePhone().replace('+44770', '+44740');
    while (phoneCountry(phone) !== 'GB') phone = uniquePhone().replace('+44770', '+44740');
    await s.api('/api/auth/sendsms', { phone, purpose: 'register' });
    const code = await lastOutboxCode(s.db, phone);
    const res = await s.api<Session>('/api/auth/register', {
      type: 'mobile',
      account: phone,
      code,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      agree: true,
    });
    expect(res.body.code).toBe(200);
    if (usdt !== '0') await fund(res.body.data, usdt);
    return res.body.data;
  }
  async function fund(u: Session, usdt: string) {
    await deposit(s, u.user.id, 'USDT', usdt);
    const moved = await s.api(
      '/api/credit/transfer',
      { from: 'funding', to: 'contract', asset: 'USDT', amount: usdt, idempotencyKey: randomUUID() },
      { token: u.token },
    );
    expect(moved.status).toBe(200);
  }
  const mine = (token: string) => s.api<MyJurisdiction>('/api/jurisdiction/mine', {}, { token });
  const access = (token: string, lang = 'en') =>
    s.api<SecondsAccess>('/api/seconds/access', {}, { token, lang });
  const detail = (token?: string) =>
    s.api<PositionDetail>('/api/contract/detail', { symbol: 'BTC-PERP' }, token ? { token } : {});
  const long = (token: string, leverage: number) =>
    s.api<PositionOrder>(
      '/api/contract/order',
      {
        symbol: 'BTC-PERP',
        side: 'long',
        type: 'market',
        lots: '0.001',
        leverage,
        idempotencyKey: randomUUID(),
      },
      { token },
    );

  it("gives a UK phone the UK's rules: no seconds contracts, a BTC perpetual at 2x at most", async () => {
    const u = await ukUser();
    expect((await mine(u.token)).body.data).toEqual({
      country: 'GB',
      source: 'phone',
      profile: {
        country: 'GB',
        secondsAllowed: false,
        leverageCaps: ESMA,
        cfdBonuses: false,
        closeOutLevel: '0.5',
      },
    });
    const refused = (await access(u.token, 'de')).body.data;
    expect(refused).toMatchObject({ allowed: false, reason: 'seconds_country_off' });
    expect(refused.message).toMatch(/Land/);

    // The instrument offers 100x; this user reads and gets 2x (ESMA's crypto cap). A visitor reads 100x.
    // The ticket says whose cap it is: the country's for this user, none for a visitor.
    expect((await detail(u.token)).body.data.rules).toMatchObject({ maxLeverage: 2, countryCapped: true });
    expect((await detail()).body.data.rules).toMatchObject({ maxLeverage: 100, countryCapped: false });
    const tooHigh = await long(u.token, 3);
    expect(tooHigh.status).toBe(400);
    expect(tooHigh.body.data).toMatchObject({ error: 'leverage_out_of_range', field: 'leverage' });
    expect(tooHigh.body.msg).toContain('2');
    const ok = await long(u.token, 2);
    expect(ok.body.code, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.leverage).toBe(2);
  });

  it('lists each CFD at the leverage the caller may take: ESMA’s class caps for a UK user', async () => {
    const uk = await ukUser('0');
    const caps = async (token?: string) => {
      const page = await s.api<{ items: { symbol: string; maxLeverage: number }[] }>(
        '/api/stock/pagedata',
        {},
        token ? { token } : {},
      );
      return Object.fromEntries(page.body.data.items.map((i) => [i.symbol, i.maxLeverage]));
    };
    const mine = await caps(uk.token);
    const anyone = await caps();
    // Instrument's own (and its class's) cap against the UK's: the lower of the two.
    expect([anyone['EUR/USD'], mine['EUR/USD']]).toEqual([100, 30]); // major forex
    expect([anyone['AUD/USD'], mine['AUD/USD']]).toEqual([100, 20]); // other forex
    expect([anyone['XAU/USD'], mine['XAU/USD']]).toEqual([50, 20]); // gold
    expect([anyone['XAG/USD'], mine['XAG/USD']]).toEqual([50, 10]); // other commodities
    expect([anyone.AAPL, mine.AAPL]).toEqual([5, 5]); // stocks: the platform's 5x already
    expect([anyone['BTC/USD'], mine['BTC/USD']]).toEqual([20, 2]); // crypto
  });

  it('books no deposit bonus where CFD incentives are restricted, and changes nothing', async () => {
    const now = s.clock.now();
    const created = await s.api<{ id: string }>(
      '/api/admin/activity/create',
      {
        title: 'Deposit 100, get 15.5',
        target: '100',
        bonus: '15.5',
        startsAt: new Date(now - 3_600_000).toISOString(),
        endsAt: new Date(now + 30 * 86_400_000).toISOString(),
      },
      { token: admin },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const join = (token: string) =>
      s.api('/api/activity/joinactivity', { id: created.body.data.id }, { token, lang: 'de' });
    const uk = await ukUser();
    const refused = await join(uk.token);
    expect(refused.status).toBe(403);
    expect(refused.body.data.error).toBe('activity_jurisdiction');
    expect(refused.body.msg).toBe('Einzahlungsboni werden in Ihrem Land nicht angeboten.');
    const [booked] = await s.db.query<{ n: string }>(
      'SELECT count(*)::text AS n FROM activity_bookings WHERE user_id = $1',
      [uk.user.id],
    );
    expect(booked?.n).toBe('0');
    // A user of a country without the restriction books it.
    expect((await join((await registerUser(s)).token)).status).toBe(200);
  });

  it('reads the verified nationality before the phone', async () => {
    const u = await ukUser();
    // The kyc area's record of a verified basic level (its own flow is tested in kyc.test.ts).
    await s.db.query(
      `INSERT INTO kyc_applications (user_id, level, status, fields, decided_at)
       VALUES ($1, 'basic', 'approved', '{"nationality": "US"}', now())`,
      [u.user.id],
    );
    expect((await mine(u.token)).body.data).toEqual({ country: 'US', source: 'nationality', profile: null });
    expect((await access(u.token)).body.data).toMatchObject({ allowed: true, reason: null });
    expect((await detail(u.token)).body.data.rules).toMatchObject({ maxLeverage: 100, countryCapped: false });
  });

  it('leaves a user with no country, and a demo user, on the platform’s own rules', async () => {
    const email = await registerUser(s);
    expect((await mine(email.token)).body.data).toEqual({ country: null, source: null, profile: null });
    expect((await access(email.token)).body.data.allowed).toBe(true);
    const demo = (await s.api<Session>('/api/auth/loginvirtual', {})).body.data;
    // Play money is sold to no one: a demo account practises with everything, whatever its records say.
    await s.db.query(
      `INSERT INTO kyc_applications (user_id, level, status, fields, decided_at)
       VALUES ($1, 'basic', 'approved', '{"nationality": "DE"}', now())`,
      [demo.user.id],
    );
    expect((await mine(demo.token)).body.data.country).toBeNull();
    expect((await detail(demo.token)).body.data.rules.maxLeverage).toBe(100);
  });

  it('lets an admin change and delete a profile, audited; a reviewer only reads; bad profiles change nothing', async () => {
    await s.api(
      '/api/admin/operators',
      { email: 'juris-rev@test.local', password: 'Review-1234', role: 'reviewer' },
      { token: admin },
    );
    const reviewer = (
      await s.api<AdminSession>('/api/admin/login', {
        email: 'juris-rev@test.local',
        password: 'Review-1234',
      })
    ).body.data.token;
    const list = await s.api<{ items: JurisdictionProfile[] }>('/api/admin/jurisdictions', undefined, {
      token: reviewer,
    });
    expect(list.body.data.items.map((p) => p.country)).toHaveLength(31);
    const gb: JurisdictionProfile = {
      country: 'GB',
      secondsAllowed: true,
      leverageCaps: { crypto: 5 },
      cfdBonuses: false,
      closeOutLevel: '0.25',
    };
    expect((await s.api('/api/admin/jurisdictions/save', gb, { token: reviewer })).status).toBe(403);

    for (const bad of [
      { ...gb, country: 'Britain' },
      { ...gb, leverageCaps: { crypto: 0 } },
      { ...gb, leverageCaps: { crypto: 2.5 } },
      { ...gb, leverageCaps: { bonds: 5 } },
      { ...gb, secondsAllowed: 'yes' },
      // The close-out level is a fraction strictly between 0 and 1, in its shortest form.
      { ...gb, closeOutLevel: '1' },
      { ...gb, closeOutLevel: '0' },
      { ...gb, closeOutLevel: '0.0' },
      { ...gb, closeOutLevel: '-0.5' },
      { ...gb, closeOutLevel: '0.50' },
      { ...gb, closeOutLevel: 0.5 },
    ]) {
      const res = await s.api('/api/admin/jurisdictions/save', bad, { token: admin, lang: 'de' });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.data.error).toBe('field_invalid');
    }
    const kept = await s.api<{ items: JurisdictionProfile[] }>('/api/admin/jurisdictions', undefined, {
      token: admin,
    });
    expect(kept.body.data.items.find((p) => p.country === 'GB')).toEqual({
      country: 'GB',
      secondsAllowed: false,
      leverageCaps: ESMA,
      cfdBonuses: false,
      closeOutLevel: '0.5',
    });
    const saved = await s.api<JurisdictionProfile>(
      '/api/admin/jurisdictions/save',
      { ...gb, country: 'gb' },
      { token: admin },
    );
    expect(saved.body.data).toEqual(gb);
    const u = await ukUser();
    expect((await access(u.token)).body.data.allowed).toBe(true);
    expect((await detail(u.token)).body.data.rules.maxLeverage).toBe(5);

    const gone = await s.api<{ items: JurisdictionProfile[] }>(
      '/api/admin/jurisdictions/delete',
      { country: 'GB' },
      { token: admin },
    );
    expect(gone.body.data.items.map((p) => p.country)).not.toContain('GB');
    expect((await mine(u.token)).body.data).toEqual({ country: 'GB', source: 'phone', profile: null });
    const again = await s.api(
      '/api/admin/jurisdictions/delete',
      { country: 'GB' },
      { token: admin, lang: 'de' },
    );
    expect(again.status).toBe(404);
    expect(again.body.data.error).toBe('jurisdiction_unknown');
    expect(again.body.msg).toBe('Für dieses Land gibt es kein Profil.');

    const audits = await s.db.query<{ action: string; target: string }>(
      `SELECT action, target FROM audit_log WHERE action LIKE 'jurisdiction.%' ORDER BY id`,
    );
    expect(audits).toEqual([
      { action: 'jurisdiction.save', target: 'GB' },
      { action: 'jurisdiction.delete', target: 'GB' },
    ]);
    // The close-out level is audited with the rest: ESMA's 0.5 before, the admin's 0.25 after.
    const [saveAudit] = await s.db.query<{ detail: unknown }>(
      `SELECT detail FROM audit_log WHERE action = 'jurisdiction.save' ORDER BY id`,
    );
    const change = (
      typeof saveAudit?.detail === 'string' ? JSON.parse(saveAudit.detail) : saveAudit?.detail
    ) as {
      before: JurisdictionProfile;
      after: JurisdictionProfile;
    };
    expect([change.before.closeOutLevel, change.after.closeOutLevel]).toEqual(['0.5', '0.25']);
  });
});

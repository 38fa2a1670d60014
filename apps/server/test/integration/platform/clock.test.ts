import { randomUUID } from 'node:crypto';
import type { Session } from '@otc/protocol/auth/schemas';
import type { DevClock } from '@otc/protocol/dev/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD } from '../support/accounts.ts';
import {
  ADMIN,
  DATABASES,
  lastOutboxCode,
  manualClock,
  startServer,
  type TestServer,
  uniqueEmail,
} from '../support/harness.ts';
import { TestSocket } from '../support/socket-client.ts';

const DAY = 24 * 60 * 60 * 1000;

describe.each(DATABASES)('the time rules follow a manual clock on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, { clock: 'manual' });
  });
  afterAll(() => s.close());

  const demo = async () => (await s.api<Session>('/api/auth/loginvirtual', {})).body.data;
  const quote = async (token: string) =>
    (
      await s.api<{ id: string }>(
        '/api/exchange/quote',
        { from: 'USDT', to: 'BTC', amount: '100' },
        { token },
      )
    ).body.data.id;
  const execute = (token: string, quoteId: string) =>
    s.api('/api/exchange/execute', { quoteId, idempotencyKey: randomUUID() }, { token });

  it('moves by POST /api/dev/clock, and refuses a bad move without moving', async () => {
    const before = (await s.api<DevClock>('/api/dev/clock')).body.data.now;
    expect(before).toBe(s.clock.date().toISOString());
    const moved = await s.api<DevClock>('/api/dev/clock', { advanceMs: 1500 });
    expect(moved.status).toBe(200);
    expect(Date.parse(moved.body.data.now) - Date.parse(before)).toBe(1500);
    const to = new Date(s.clock.now() + 3 * DAY).toISOString();
    expect((await s.api<DevClock>('/api/dev/clock', { to })).body.data.now).toBe(to);
    for (const bad of [
      { advanceMs: -1 },
      { advanceMs: 'soon' },
      { advanceMs: 1.5 },
      { to: 'tomorrow' },
      {},
    ]) {
      const res = await s.api('/api/dev/clock', bad, { lang: 'fr' });
      const english = await s.api('/api/dev/clock', bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(['field_invalid', 'field_required', 'invalid_input']).toContain(res.body.data.error);
      // In the request's language.
      expect(res.body.msg).not.toBe(english.body.msg);
    }
    expect(s.clock.date().toISOString()).toBe(to);
  });

  it('refuses a flash-exchange quote once its 10 seconds are up, and not a moment before', async () => {
    const u = await demo();
    const late = await quote(u.token);
    manualClock(s).advance(10_000);
    const refused = await execute(u.token, late);
    expect(refused.status).toBe(409);
    expect(refused.body.data.error).toBe('quote_expired');
    const inTime = await quote(u.token);
    manualClock(s).advance(9_999);
    expect((await execute(u.token, inTime)).status).toBe(200);
  });

  it('ends a user’s session after its 30 days and an operator’s after 12 hours', async () => {
    const u = await demo();
    const op = (await s.api<{ token: string }>('/api/admin/login', ADMIN)).body.data.token;
    const me = () => s.api('/api/assets/overview', {}, { token: u.token });
    const admin = () => s.api('/api/admin/me', undefined, { token: op });
    expect((await me()).status).toBe(200);
    manualClock(s).advance(12 * 60 * 60 * 1000 - 1);
    expect((await admin()).status).toBe(200);
    manualClock(s).advance(1);
    expect((await admin()).status).toBe(401);
    manualClock(s).advance(30 * DAY - 12 * 60 * 60 * 1000 - 1);
    expect((await me()).status).toBe(200);
    manualClock(s).advance(1);
    expect((await me()).status).toBe(401);
  });

  it('lets a code be sent again after 60 s and refuses it after its 10 minutes', async () => {
    const email = uniqueEmail('clock');
    const send = () =>
      s.api<{ resendAfterSeconds: number }>('/api/auth/sendemail', { email, purpose: 'register' });
    const register = async () =>
      s.api('/api/auth/register', {
        type: 'email',
        account: email,
        code: await lastOutboxCode(s.db, email),
        password: PASSWORD,
        confirmPassword: PASSWORD,
        agree: true,
      });
    expect((await send()).status).toBe(200);
    manualClock(s).advance(59_000);
    const early = await send();
    expect(early.body.data.error).toBe('code_resend_too_soon');
    expect(early.body.msg).toContain('1');
    manualClock(s).advance(1_000);
    expect((await send()).status).toBe(200);
    manualClock(s).advance(10 * 60 * 1000);
    const late = await register();
    expect(late.body.data.error).toBe('code_expired');
    expect((await send()).status).toBe(200);
    manualClock(s).advance(10 * 60 * 1000 - 1);
    expect((await register()).status).toBe(200);
  });

  it('ends a socket’s session when the clock passes its expiry', async () => {
    const u = await demo();
    const ws = await TestSocket.open(s.url);
    ws.send({ op: 'auth', token: u.token });
    ws.send({ op: 'subscribe', channels: ['user'] });
    expect(await ws.waitFor((f) => f.type === 'subscribed')).toMatchObject({ channels: ['user'] });
    manualClock(s).advance(30 * DAY);
    expect(await ws.waitFor((f) => f.type === 'error')).toMatchObject({
      error: 'session_ended',
      channel: 'user',
    });
    ws.close();
  });
});

describe('the dev clock route', () => {
  it('does not exist on the system clock, nor with CLOCK=manual in production', async () => {
    for (const overrides of [{}, { clock: 'manual' as const, production: true }]) {
      const s = await startServer('pglite', overrides);
      try {
        expect(s.clock.kind).toBe('system');
        for (const res of [
          await s.api('/api/dev/clock', { advanceMs: 1000 }),
          await s.api('/api/dev/clock'),
        ]) {
          expect(res.status).toBe(404);
          expect(res.body).toMatchObject({ code: 404, data: { error: 'not_found' } });
        }
      } finally {
        await s.close();
      }
    }
  });
});

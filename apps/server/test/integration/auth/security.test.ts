import type { Session } from '@otc/protocol/auth/schemas';
import type { ActiveSession } from '@otc/protocol/users/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEEN_EVERY_MS } from '../../../src/auth/session-cache.ts';
import { PASSWORD, registerUser } from '../support/accounts.ts';
import {
  DATABASES,
  manualClock,
  SHARED_SETUPS,
  startPair,
  startServer,
  type TestServer,
} from '../support/harness.ts';

const NEW_PASSWORD = 'Changed456';
const IPHONE = encodeURIComponent('iOS 17.4 · iPhone');

describe.each(DATABASES)('login password and active sessions on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    // The sessions' addresses come from a local proxy's X-Forwarded-For.
    s = await startServer(kind, { clock: 'manual', trustProxy: ['127.0.0.1'] });
  });
  afterAll(() => s.close());

  const userinfo = (token: string) => s.api('/api/auth/userinfo', {}, { token });
  const login = (email: string, password: string, headers: Record<string, string> = {}) =>
    s.api<Session>('/api/auth/login', { account: email, password }, { headers });
  const sessions = async (token: string) =>
    (await s.api<{ items: ActiveSession[] }>('/api/auth/sessions', {}, { token })).body.data.items;

  it('changes the login password: the other sessions end, the current one stays', async () => {
    const { email, token: first } = await registerUser(s);
    const second = (await login(email, PASSWORD)).body.data.token;
    const res = await s.api(
      '/api/auth/changepassword',
      { oldPassword: PASSWORD, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      { token: second },
    );
    expect(res.body.code).toBe(200);
    expect((await userinfo(second)).status).toBe(200);
    expect((await userinfo(first)).status).toBe(401);
    expect((await login(email, PASSWORD)).status).toBe(401);
    expect((await login(email, NEW_PASSWORD)).body.code).toBe(200);
  });

  it('refuses a wrong old password under its field and changes nothing', async () => {
    const { email, token: first } = await registerUser(s);
    const second = (await login(email, PASSWORD)).body.data.token;
    const res = await s.api(
      '/api/auth/changepassword',
      { oldPassword: 'Wrong1234', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      { token: second },
    );
    expect(res.status).toBe(400);
    expect(res.body.data).toMatchObject({ error: 'old_password_wrong', field: 'oldPassword' });
    expect(res.body.msg).toBe('Your current password is wrong.');
    expect((await userinfo(first)).status).toBe(200);
    expect((await login(email, PASSWORD)).body.code).toBe(200);

    const weak = await s.api(
      '/api/auth/changepassword',
      { oldPassword: PASSWORD, password: 'short', confirmPassword: 'short' },
      { token: second },
    );
    expect(weak.body.data).toMatchObject({ error: 'password_weak', field: 'password' });
    const mismatch = await s.api(
      '/api/auth/changepassword',
      { oldPassword: PASSWORD, password: NEW_PASSWORD, confirmPassword: 'Other4567' },
      { token: second },
    );
    expect(mismatch.body.data).toMatchObject({ error: 'password_mismatch', field: 'confirmPassword' });
    expect((await login(email, PASSWORD)).body.code).toBe(200);
  });

  it('lists the sessions with device, address and last seen, the current one marked', async () => {
    const { email, token: first } = await registerUser(s);
    const device = encodeURIComponent('Android 14 · Pixel 8 <b>x</b>\u0000');
    const second = (await login(email, PASSWORD, { 'x-device': device, 'x-forwarded-for': '203.0.113.7' }))
      .body.data.token;
    const list = await sessions(second);
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({
      current: true,
      device: 'Android 14 · Pixel 8 <b>x</b>',
      ip: '203.0.113.7',
    });
    expect(list[1]?.current).toBe(false);
    expect(list[0]?.lastSeenAt).toBe(manualClock(s).date().toISOString());
    // The public id is not the token, nor anything the token could be told from.
    expect(JSON.stringify(list)).not.toContain(first);

    // A long or hostile device name is capped; none at all is null.
    const long = (await login(email, PASSWORD, { 'x-device': 'x'.repeat(500) })).body.data.token;
    expect((await sessions(long)).find((x) => x.current)?.device).toHaveLength(80);
    expect(list[1]?.device).toBeNull();
  });

  it('writes last seen at most once a minute, on the clock', async () => {
    const { token } = await registerUser(s);
    const clock = manualClock(s);
    const opened = (await sessions(token))[0]?.lastSeenAt;
    clock.advance(SEEN_EVERY_MS / 2);
    await userinfo(token);
    expect((await sessions(token))[0]?.lastSeenAt).toBe(opened);
    clock.advance(SEEN_EVERY_MS / 2);
    await userinfo(token);
    const moved = clock.date().toISOString();
    await expect.poll(async () => (await sessions(token))[0]?.lastSeenAt).toBe(moved);
  });

  it('ends another session, whose next request is refused', async () => {
    const { email, token: phone } = await registerUser(s);
    const laptop = (await login(email, PASSWORD, { 'x-device': IPHONE })).body.data.token;
    const other = (await sessions(laptop)).find((x) => !x.current);
    expect(other).toBeDefined();
    expect((await userinfo(phone)).status).toBe(200);
    const res = await s.api('/api/auth/sessions/end', { id: other?.id }, { token: laptop });
    expect(res.body.code).toBe(200);
    expect((await userinfo(phone)).status).toBe(401);
    expect((await userinfo(laptop)).status).toBe(200);
    expect((await sessions(laptop)).map((x) => x.current)).toEqual([true]);
    // Ending it again: it is no longer there.
    const again = await s.api('/api/auth/sessions/end', { id: other?.id }, { token: laptop });
    expect(again.body.data.error).toBe('session_unknown');
  });

  it("refuses to end someone else's session, which goes on", async () => {
    const victim = await registerUser(s);
    const attacker = await registerUser(s);
    const id = (await sessions(victim.token))[0]?.id;
    const res = await s.api('/api/auth/sessions/end', { id }, { token: attacker.token });
    expect(res.status).toBe(404);
    expect(res.body.data.error).toBe('session_unknown');
    expect((await userinfo(victim.token)).status).toBe(200);
  });

  it('ends all other sessions and keeps the current one', async () => {
    const { email, token: a } = await registerUser(s);
    const b = (await login(email, PASSWORD)).body.data.token;
    const c = (await login(email, PASSWORD)).body.data.token;
    const res = await s.api<{ ended: number }>('/api/auth/sessions/endothers', {}, { token: c });
    expect(res.body.data.ended).toBe(2);
    expect((await userinfo(a)).status).toBe(401);
    expect((await userinfo(b)).status).toBe(401);
    expect((await userinfo(c)).status).toBe(200);
  });
});

describe.each(SHARED_SETUPS)('ending a session on one instance', (setup) => {
  let a: TestServer;
  let b: TestServer;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ owner: a, api: b, close } = await startPair(setup));
  });
  afterAll(() => close());

  it('is refused on the other instance too', async () => {
    const { email, token: first } = await registerUser(a);
    const second = (await a.api<Session>('/api/auth/login', { account: email, password: PASSWORD })).body.data
      .token;
    // The other instance has just looked the session up, so it keeps it.
    expect((await b.api('/api/auth/userinfo', {}, { token: first })).status).toBe(200);
    const list = (await a.api<{ items: ActiveSession[] }>('/api/auth/sessions', {}, { token: second })).body
      .data.items;
    const other = list.find((x) => !x.current);
    expect((await a.api('/api/auth/sessions/end', { id: other?.id }, { token: second })).body.code).toBe(200);
    await expect
      .poll(async () => (await b.api('/api/auth/userinfo', {}, { token: first })).status, { interval: 20 })
      .toBe(401);
  });
});

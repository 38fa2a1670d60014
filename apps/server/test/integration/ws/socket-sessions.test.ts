import { randomUUID } from 'node:crypto';
import { externalAccount, move, parseUnits, userAccount } from '@otc/core';
import type { Session } from '@otc/protocol/auth/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarketHub } from '../../../src/market/hub.ts';
import { hashToken } from '../../../src/platform/secrets/tokens.ts';
import { post } from '../../../src/postings/index.ts';
import { PASSWORD, registerUser } from '../support/accounts.ts';
import {
  ADMIN,
  DATABASES,
  lastOutboxCode,
  SHARED_SETUPS,
  startPair,
  startServer,
  type TestServer,
} from '../support/harness.ts';
import { TestSocket } from '../support/socket-client.ts';

/** A public channel the sockets hold beside `user`: it must outlive the identity. */
const PUBLIC = 'ticker:SOL/USDT';
const ENDED = {
  type: 'error',
  error: 'session_ended',
  msg: 'Your session has ended. Please log in again.',
  channel: 'user',
};

type Frame = Record<string, unknown>;
const isPrivate = (f: Frame) => f.type === 'data' && f.channel === 'user';
const privateEvents = (ws: TestSocket) => ws.frames.filter(isPrivate);
let price = 150;

/** A registered user with 100 live USDT in funding, so each test can move money and be told of it. */
async function fundedUser(s: TestServer) {
  const u = await registerUser(s);
  await s.db.tx((q) =>
    post(q, {
      realm: 'live',
      kind: 'test.deposit',
      legs: move(externalAccount('test'), userAccount(u.user.id, 'funding'), 'USDT', parseUnits('100')),
    }),
  );
  return u;
}

/** Another session of the same user. */
async function login(s: TestServer, email: string, password = PASSWORD): Promise<string> {
  const res = await s.api<Session>('/api/auth/login', { account: email, password });
  expect(res.body.code).toBe(200);
  return res.body.data.token;
}

/** A socket signed in with `token`, on its private channel and a public one. */
async function watch(s: TestServer, token: string): Promise<TestSocket> {
  const ws = await TestSocket.open(s.url);
  ws.send({ op: 'auth', token });
  ws.send({ op: 'subscribe', channels: ['user', PUBLIC] });
  expect(await ws.waitFor((f) => f.type === 'subscribed')).toMatchObject({ channels: ['user', PUBLIC] });
  return ws;
}

/** 1 USDT from funding to contract: the transfer announces both balances on `user`. */
async function moveMoney(s: TestServer, token: string): Promise<void> {
  const body = { from: 'funding', to: 'contract', asset: 'USDT', amount: '1', idempotencyKey: randomUUID() };
  expect((await s.api('/api/credit/transfer', body, { token })).body.code).toBe(200);
}

/** The user's money moves, and `ws` is told: it holds the session. */
async function expectHeard(s: TestServer, ws: TestSocket, token: string): Promise<void> {
  const before = privateEvents(ws).length;
  await moveMoney(s, token);
  await ws.waitFor(() => privateEvents(ws).length > before);
}

/**
 * After its session ended, `ws` hears nothing private when the user's money moves again (through
 * `liveToken`, a session still open, whose own socket on the same instance is told), cannot join
 * the private channel, and still gets prices (made by `market`).
 */
async function expectDeaf(s: TestServer, ws: TestSocket, liveToken: string, market: MarketHub = s.market) {
  const before = privateEvents(ws).length;
  const witness = await watch(s, liveToken);
  await expectHeard(s, witness, liveToken);
  // One connection's frames arrive in order: a pong sent after the witness was told comes after
  // anything the same fan-out wrote to this socket.
  const pongs = ws.frames.filter((f) => f.type === 'pong').length;
  ws.send({ op: 'ping' });
  await ws.waitFor(() => ws.frames.filter((f) => f.type === 'pong').length > pongs);
  expect(privateEvents(ws)).toHaveLength(before);

  ws.send({ op: 'subscribe', channels: ['user'] });
  expect(await ws.waitFor((f) => f.error === 'channel_unknown')).toMatchObject({ channel: 'user' });

  const tick = String(price++);
  market.onTick('SOL/USDT', tick, '1', Date.now(), 'test');
  await market.flush();
  await ws.waitFor((f) => f.type === 'data' && f.channel === PUBLIC && (f.data as Frame).price === tick);
  witness.close();
}

describe.each(DATABASES)('sockets end with their sessions on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(() => s.close());

  const status = async (token: string) => (await s.api('/api/auth/userinfo', {}, { token })).status;

  it('ends the socket of a session that logs out', async () => {
    const u = await fundedUser(s);
    const ws = await watch(s, u.token);
    await expectHeard(s, ws, u.token);
    expect((await s.api('/api/auth/logout', {}, { token: u.token })).body.code).toBe(200);
    expect(await ws.waitFor((f) => f.type === 'error')).toEqual(ENDED);
    await expectDeaf(s, ws, await login(s, u.email));
    ws.close();
  });

  it("leaves the sockets of the user's other sessions signed in when one logs out", async () => {
    const u = await fundedUser(s);
    const other = await login(s, u.email);
    const ws = await watch(s, u.token);
    const otherWs = await watch(s, other);
    expect((await s.api('/api/auth/logout', {}, { token: u.token })).body.code).toBe(200);
    expect(await ws.waitFor((f) => f.type === 'error')).toEqual(ENDED);
    await expectDeaf(s, ws, other);
    await expectHeard(s, otherWs, other);
    expect(otherWs.frames.filter((f) => f.type === 'error')).toEqual([]);
    for (const w of [ws, otherWs]) w.close();
  });

  it('ends the sockets of every session when the password is reset', async () => {
    const u = await fundedUser(s);
    const other = await login(s, u.email);
    const ws = await watch(s, u.token);
    const otherWs = await watch(s, other);
    await expectHeard(s, ws, u.token);
    expect((await s.api('/api/auth/sendemail', { email: u.email, purpose: 'reset' })).body.code).toBe(200);
    const code = await lastOutboxCode(s.db, u.email);
    const reset = {
      type: 'email',
      account: u.email,
      code,
      password: 'NewSecret456',
      confirmPassword: 'NewSecret456',
    };
    expect((await s.api('/api/auth/resetpassword', reset)).body.code).toBe(200);
    for (const w of [ws, otherWs]) expect(await w.waitFor((f) => f.type === 'error')).toEqual(ENDED);
    const fresh = await login(s, u.email, 'NewSecret456');
    await expectDeaf(s, ws, fresh);
    await expectDeaf(s, otherWs, fresh);
    for (const w of [ws, otherWs]) w.close();
  });

  it('ends the sockets of a user an operator disables', async () => {
    const u = await fundedUser(s);
    const ws = await watch(s, u.token);
    await expectHeard(s, ws, u.token);
    const admin = (await s.api<{ token: string }>('/api/admin/login', ADMIN)).body.data.token;
    const setStatus = (status: string) =>
      s.api('/api/admin/users/status', { userId: u.user.id, status }, { token: admin });
    expect((await setStatus('disabled')).body.code).toBe(200);
    expect(await ws.waitFor((f) => f.type === 'error')).toEqual(ENDED);
    // Enabled again, the user signs in afresh: the old socket stays anonymous all the same.
    expect((await setStatus('active')).body.code).toBe(200);
    await expectDeaf(s, ws, await login(s, u.email));
    ws.close();
  });

  it("ends every other session's socket in one call that spares the caller's own", async () => {
    const u = await fundedUser(s);
    const mine = await login(s, u.email);
    const ws = await watch(s, u.token);
    const mineWs = await watch(s, mine);
    expect(await status(u.token)).toBe(200);
    expect(await status(mine)).toBe(200);
    // What "end my other sessions" will do: revoke them, commit, then this one call.
    await s.db.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND token_hash <> $2', [
      u.user.id,
      hashToken(mine),
    ]);
    s.ctx.sessions.ended({ userId: u.user.id, except: hashToken(mine) });
    expect(await ws.waitFor((f) => f.type === 'error')).toEqual(ENDED);
    expect(await status(u.token)).toBe(401);
    expect(await status(mine)).toBe(200);
    await expectDeaf(s, ws, mine);
    await expectHeard(s, mineWs, mine);
    expect(mineWs.frames.filter((f) => f.type === 'error')).toEqual([]);
    for (const w of [ws, mineWs]) w.close();
  });

  it('ends the socket of a session when the session expires, to the moment', async () => {
    const u = await fundedUser(s);
    const other = await login(s, u.email);
    await s.db.query(
      `UPDATE sessions SET expires_at = now() + interval '1500 milliseconds' WHERE token_hash = $1`,
      [hashToken(u.token)],
    );
    const ws = await watch(s, u.token);
    await expectHeard(s, ws, other);
    // HTTP answers (and the cache keeps the session) until the expiry, not a moment past it.
    expect(await status(u.token)).toBe(200);
    expect(await ws.waitFor((f) => f.type === 'error')).toEqual(ENDED);
    expect(await status(u.token)).toBe(401);
    await expectDeaf(s, ws, other);
    ws.close();
  });
});

describe.each(SHARED_SETUPS)('sockets end with their sessions across two API instances', (setup) => {
  let a: TestServer;
  let b: TestServer;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ owner: a, api: b, close } = await startPair(setup));
  });
  afterAll(() => close());

  it('ends on one instance the socket of a session logged out on the other', async () => {
    const u = await fundedUser(a);
    const other = await login(a, u.email);
    const ws = await watch(b, u.token);
    await expectHeard(a, ws, u.token);
    expect((await a.api('/api/auth/logout', {}, { token: u.token })).body.code).toBe(200);
    expect(await ws.waitFor((f) => f.type === 'error')).toEqual(ENDED);
    await expectDeaf(b, ws, other, a.market);
    ws.close();
  });

  it('ends on one instance the sockets of a user disabled on the other', async () => {
    const u = await fundedUser(a);
    const ws = await watch(b, u.token);
    await expectHeard(b, ws, u.token);
    const admin = (await a.api<{ token: string }>('/api/admin/login', ADMIN)).body.data.token;
    const disable = await a.api(
      '/api/admin/users/status',
      { userId: u.user.id, status: 'disabled' },
      { token: admin },
    );
    expect(disable.body.code).toBe(200);
    expect(await ws.waitFor((f) => f.type === 'error')).toEqual(ENDED);
    ws.close();
  });
});

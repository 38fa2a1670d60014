import type { PasskeyList, PasskeyOptions } from '@otc/protocol/auth/passkeys';
import type { Session } from '@otc/protocol/auth/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, registerUser } from '../support/accounts.ts';
import { type CreationOptions, SoftAuthenticator } from '../support/authenticator.ts';
import { DATABASES, manualClock, startServer, type TestServer } from '../support/harness.ts';
import { enableTwoFactor, nextTotpStep, totpCodeOf } from '../support/two-factor.ts';

const ORIGIN = 'https://otc.example';

describe.each(DATABASES)('passkeys (WebAuthn) on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, { clock: 'manual', publicUrl: ORIGIN });
  });
  afterAll(() => s.close());

  const list = async (token: string) =>
    (await s.api<PasskeyList>('/api/auth/passkeys', {}, { token })).body.data.items;
  const registrationOptions = async (token: string) => {
    const res = await s.api<PasskeyOptions>('/api/auth/passkeys/options', {}, { token });
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    return res.body.data as unknown as CreationOptions;
  };
  const loginOptions = async () =>
    (await s.api<PasskeyOptions>('/api/auth/passkey/options', {})).body.data as {
      challenge: string;
      rpId: string;
    };
  const login = (credential: unknown, lang?: string) =>
    s.api<Session>('/api/auth/passkey/login', { credential }, lang ? { lang } : {});

  /** A user with a passkey on a software authenticator, added the way the security centre does. */
  async function userWithPasskey(name = 'My phone') {
    const u = await registerUser(s);
    const key = new SoftAuthenticator();
    const added = await s.api(
      '/api/auth/passkeys/add',
      { name, credential: key.create(await registrationOptions(u.token), ORIGIN) },
      { token: u.token },
    );
    expect(added.body.code, JSON.stringify(added.body)).toBe(200);
    return { ...u, key };
  }

  it('adds a passkey bound to PUBLIC_URL, lists it, and signs in with it without naming the account', async () => {
    const u = await registerUser(s);
    const options = await registrationOptions(u.token);
    expect(options.rp.id).toBe('otc.example');
    expect(options).toMatchObject({
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      attestation: 'none',
    });
    const key = new SoftAuthenticator();
    const added = await s.api<{ id: string; name: string; lastUsedAt: null }>(
      '/api/auth/passkeys/add',
      { name: ' Laptop ', credential: key.create(options, ORIGIN) },
      { token: u.token },
    );
    expect(added.body.data).toMatchObject({ name: 'Laptop', lastUsedAt: null });
    expect(await list(u.token)).toEqual([
      { id: added.body.data.id, name: 'Laptop', createdAt: expect.any(String), lastUsedAt: null },
    ]);
    // A second registration of the same authenticator is excluded by the options, refused if sent.
    const again = await registrationOptions(u.token);
    expect((again as unknown as { excludeCredentials: { id: string }[] }).excludeCredentials).toEqual([
      expect.objectContaining({ id: key.id }),
    ]);
    const twice = await s.api(
      '/api/auth/passkeys/add',
      { credential: key.create(again, ORIGIN) },
      { token: u.token },
    );
    expect(twice.body.data).toMatchObject({ error: 'passkey_invalid' });

    const opts = await loginOptions();
    expect(opts).toMatchObject({ rpId: 'otc.example', userVerification: 'required', allowCredentials: [] });
    const res = await login(key.get(opts, ORIGIN));
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.user.id).toBe(u.user.id);
    // The session is a real one: it reads the user and lists the passkey as just used.
    const [used] = await list(res.body.data.token);
    expect(used?.lastUsedAt).toBe(s.clock.date().toISOString());
  });

  it('counts as both factors: a user with two-factor on gets a session with no code asked', async () => {
    const u = await userWithPasskey();
    await enableTwoFactor(s, u.token);
    const password = await s.api('/api/auth/login', { account: u.email, password: PASSWORD });
    expect(password.body.data).toHaveProperty('totpRequired', true);
    const res = await login(u.key.get(await loginOptions(), ORIGIN));
    expect(res.body.data).toHaveProperty('token');
  });

  it('refuses a wrong signature, a replayed challenge, a counter gone back and an unverified user', async () => {
    const u = await userWithPasskey();
    const bad = u.key.get(await loginOptions(), ORIGIN);
    const sig = Buffer.from(bad.response.signature, 'base64url');
    sig[sig.length - 1] = (sig.at(-1) ?? 0) ^ 1;
    const wrong = await login(
      { ...bad, response: { ...bad.response, signature: sig.toString('base64url') } },
      'de',
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.data).toMatchObject({ error: 'passkey_invalid' });
    expect(wrong.body.msg).toBe('Der Passkey konnte nicht überprüft werden. Bitte versuchen Sie es erneut.');

    const good = u.key.get(await loginOptions(), ORIGIN);
    expect((await login(good)).body.code).toBe(200);
    const replay = await login(good);
    expect(replay.body.data).toMatchObject({ error: 'passkey_challenge_invalid' });

    // A clone of the authenticator shows a counter the server has already seen.
    u.key.counter -= 2;
    const clone = await login(u.key.get(await loginOptions(), ORIGIN));
    expect(clone.body.data).toMatchObject({ error: 'passkey_invalid' });
    u.key.counter += 5;
    // A touch without the fingerprint or PIN is one factor: refused.
    const unverified = await login(u.key.get(await loginOptions(), ORIGIN, undefined, false));
    expect(unverified.body.data).toMatchObject({ error: 'passkey_invalid' });
    expect((await login(u.key.get(await loginOptions(), ORIGIN))).body.code).toBe(200);
  });

  it('refuses another site (phishing), an expired challenge, an unknown key, and malformed input with a 400', async () => {
    const u = await userWithPasskey();
    const phished = await login(u.key.get(await loginOptions(), 'https://otc-example.evil'));
    expect(phished.body.data).toMatchObject({ error: 'passkey_invalid' });
    const otherRp = await login(u.key.get(await loginOptions(), ORIGIN, 'evil.example'));
    expect(otherRp.body.data).toMatchObject({ error: 'passkey_invalid' });

    const late = await loginOptions();
    manualClock(s).advance(5 * 60_000 + 1);
    expect((await login(u.key.get(late, ORIGIN))).body.data).toMatchObject({
      error: 'passkey_challenge_invalid',
    });
    const made = await login(u.key.get({ challenge: 'never-issued' }, ORIGIN, 'otc.example'));
    expect(made.body.data).toMatchObject({ error: 'passkey_challenge_invalid' });
    const stranger = new SoftAuthenticator();
    const unknown = await login(stranger.get(await loginOptions(), ORIGIN));
    expect(unknown.body.data).toMatchObject({ error: 'passkey_invalid' });

    for (const credential of [
      null,
      { id: 'x' },
      { ...u.key.get(await loginOptions(), ORIGIN), type: 'password' },
      { ...u.key.get(await loginOptions(), ORIGIN), response: { clientDataJSON: 'not base64url!' } },
    ]) {
      const res = await login(credential);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
    }
    const junk = u.key.get(await loginOptions(), ORIGIN);
    const res = await login({ ...junk, response: { ...junk.response, clientDataJSON: 'bm90IGpzb24' } });
    expect(res.body.data).toMatchObject({ error: 'passkey_invalid' });
  });

  it("keeps users apart: another user's challenge or passkey id is refused", async () => {
    const a = await userWithPasskey();
    const b = await registerUser(s);
    const key = new SoftAuthenticator();
    // A registration challenge is the user's it was issued to.
    const stolen = await s.api(
      '/api/auth/passkeys/add',
      { credential: key.create(await registrationOptions(a.token), ORIGIN) },
      { token: b.token },
    );
    expect(stolen.body.data).toMatchObject({ error: 'passkey_challenge_invalid' });
    expect(await list(b.token)).toEqual([]);
    const [aKey] = await list(a.token);
    const removed = await s.api(
      '/api/auth/passkeys/remove',
      { id: aKey?.id, password: PASSWORD },
      { token: b.token },
    );
    expect(removed.body.data).toMatchObject({ error: 'passkey_not_found' });
    expect(await list(a.token)).toHaveLength(1);
    // A's passkey signs A in, never B.
    expect((await login(a.key.get(await loginOptions(), ORIGIN))).body.data.user.id).toBe(a.user.id);
  });

  it('removes a passkey with the password, and the code once two-factor is on; a removed one no longer signs in', async () => {
    const u = await userWithPasskey();
    const [p] = await list(u.token);
    const wrong = await s.api(
      '/api/auth/passkeys/remove',
      { id: p?.id, password: 'Wrong123' },
      { token: u.token },
    );
    expect(wrong.body.data).toMatchObject({ error: 'old_password_wrong', field: 'password' });
    const { secret } = await enableTwoFactor(s, u.token);
    const noCode = await s.api(
      '/api/auth/passkeys/remove',
      { id: p?.id, password: PASSWORD },
      { token: u.token },
    );
    expect(noCode.body.data).toMatchObject({ error: 'totp_code_required', field: 'totpCode' });
    expect(await list(u.token)).toHaveLength(1);
    const done = await s.api(
      '/api/auth/passkeys/remove',
      { id: p?.id, password: PASSWORD, totpCode: totpCodeOf(s, secret) },
      { token: u.token },
    );
    expect(done.body.code, JSON.stringify(done.body)).toBe(200);
    nextTotpStep(s);
    expect(await list(u.token)).toEqual([]);
    expect((await login(u.key.get(await loginOptions(), ORIGIN))).body.data).toMatchObject({
      error: 'passkey_invalid',
    });
  });

  it('refuses demo accounts, and changes nothing for them', async () => {
    const demo = (await s.api<Session>('/api/auth/loginvirtual', {})).body.data;
    const res = await s.api('/api/auth/passkeys/options', {}, { token: demo.token });
    expect(res.status).toBe(403);
    expect(res.body.data).toMatchObject({ error: 'demo_not_allowed' });
    expect(await list(demo.token)).toEqual([]);
    const rows = await s.db.query('SELECT 1 FROM passkey_challenges WHERE user_id = $1', [demo.user.id]);
    expect(rows).toEqual([]);
  });
});

describe('passkeys without a public origin', () => {
  it('are off in production without PUBLIC_URL, with a clear answer', async () => {
    const s = await startServer('pglite', { publicUrl: undefined });
    try {
      const res = await s.api('/api/auth/passkey/options', {});
      expect(res.status).toBe(503);
      expect(res.body.data).toMatchObject({ error: 'passkey_unavailable' });
    } finally {
      await s.close();
    }
  });
});

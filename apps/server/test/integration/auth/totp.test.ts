import type { LoginResult, Session, TotpChallenge, WalletNonce } from '@otc/protocol/auth/schemas';
import type { TotpRecoveryCodes, TotpSetup, TotpState } from '@otc/protocol/users/schemas';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base32Decode, hotp, totpStep } from '../../../src/platform/secrets/totp.ts';
import { PASSWORD, registerUser } from '../support/accounts.ts';
import {
  DATABASES,
  manualClock,
  startServer,
  TEST_SECRETS_KEY,
  type TestServer,
} from '../support/harness.ts';

const STEP_MS = 30_000;

describe.each(DATABASES)('two-factor sign-in (TOTP) on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, { clock: 'manual' });
  });
  afterAll(() => s.close());

  /** The code an authenticator app shows for `secret` at the server's time, `offset` steps away. */
  const codeOf = (secret: string, offset = 0) => hotp(base32Decode(secret), totpStep(s.clock.now()) + offset);
  /** Moves the clock into the next 30-second step, as a user waiting for a fresh code does. */
  const nextStep = () => manualClock(s).advance(STEP_MS);

  const state = async (token: string) =>
    (await s.api<TotpState>('/api/auth/totp/state', {}, { token })).body.data;
  const login = (account: string, password = PASSWORD) =>
    s.api<LoginResult>('/api/auth/login', { account, password });
  const finish = (challenge: string, code: string, lang?: string) =>
    s.api<Session>('/api/auth/login/totp', { challenge, code }, lang ? { lang } : {});
  const challengeOf = async (account: string) => {
    const res = await login(account);
    expect(res.body.code).toBe(200);
    expect(res.body.data).not.toHaveProperty('token');
    return (res.body.data as TotpChallenge).challenge;
  };
  const captchaRequired = async (account: string) =>
    (await s.api<{ captchaRequired: boolean }>(`/api/auth/login?account=${encodeURIComponent(account)}`)).body
      .data.captchaRequired;

  /** A user with two-factor on: the secret their app holds and the recovery codes they wrote down. */
  async function enabledUser() {
    const u = await registerUser(s);
    const setup = (await s.api<TotpSetup>('/api/auth/totp/setup', {}, { token: u.token })).body.data;
    const enabled = await s.api<TotpRecoveryCodes>(
      '/api/auth/totp/enable',
      { code: codeOf(setup.secret) },
      { token: u.token },
    );
    expect(enabled.body.code).toBe(200);
    nextStep();
    return { ...u, secret: setup.secret, recoveryCodes: enabled.body.data.recoveryCodes };
  }

  it('turns on with a current code of the secret shown once, and answers 10 recovery codes once', async () => {
    const u = await registerUser(s);
    expect(await state(u.token)).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    const setup = await s.api<TotpSetup>('/api/auth/totp/setup', {}, { token: u.token });
    const { secret, uri } = setup.body.data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toBe(
      `otpauth://totp/OTC%20Markets%3A${encodeURIComponent(u.email)}?secret=${secret}&issuer=OTC+Markets&algorithm=SHA1&digits=6&period=30`,
    );

    const wrong = await s.api(
      '/api/auth/totp/enable',
      { code: codeOf(secret, 3) },
      { token: u.token, lang: 'de' },
    );
    expect(wrong.body.data).toMatchObject({ error: 'totp_code_wrong', field: 'code' });
    expect(wrong.body.msg).toBe('Der Authenticator-Code ist falsch oder wurde bereits verwendet.');
    expect(await state(u.token)).toEqual({ enabled: false, recoveryCodesLeft: 0 });

    // A code of the step just past still passes (a phone a little behind, a slow typist).
    const enabled = await s.api<TotpRecoveryCodes>(
      '/api/auth/totp/enable',
      { code: codeOf(secret, -1) },
      { token: u.token },
    );
    expect(enabled.body.code).toBe(200);
    const codes = enabled.body.data.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){3}$/);
    expect(await state(u.token)).toEqual({ enabled: true, recoveryCodesLeft: 10 });

    // The secret is never answered again, and neither it nor the codes are stored or logged as given.
    expect((await s.api('/api/auth/totp/setup', {}, { token: u.token })).body.data).toMatchObject({
      error: 'totp_already_enabled',
    });
    const stored = await s.db.query<{ code_hash: string }>(
      'SELECT code_hash FROM totp_recovery_codes WHERE user_id = $1',
      [u.user.id],
    );
    expect(stored.map((r) => r.code_hash)).not.toContain(codes[0]);
    const logs = s.logs.join('\n');
    expect(logs).not.toContain(secret);
    expect(logs).not.toContain(codes[0]);
  });

  it('asks the code after the password; a right one signs in once, wrong ones count as wrong passwords', async () => {
    const u = await enabledUser();
    const challenge = await challengeOf(u.email);

    // Three wrong codes: each refused with the field named, and the next password login wants the captcha.
    for (const offset of [2, 3, 4]) {
      const res = await finish(challenge, codeOf(u.secret, offset));
      expect(res.body.data).toMatchObject({ error: 'totp_code_wrong', field: 'code' });
    }
    expect(await captchaRequired(u.email)).toBe(true);

    const session = await finish(challenge, codeOf(u.secret));
    expect(session.body.code).toBe(200);
    expect(session.body.data.user.id).toBe(u.user.id);
    const me = await s.api('/api/auth/userinfo', {}, { token: session.body.data.token });
    expect(me.body.code).toBe(200);
    expect(await captchaRequired(u.email)).toBe(false);

    // The challenge is spent, and so is the code: the same code on a new challenge is refused.
    expect((await finish(challenge, codeOf(u.secret))).body.data).toMatchObject({
      error: 'totp_challenge_invalid',
    });
    const again = await challengeOf(u.email);
    expect((await finish(again, codeOf(u.secret))).body.data).toMatchObject({ error: 'totp_code_wrong' });
    nextStep();
    expect((await finish(again, codeOf(u.secret))).body.code).toBe(200);
  });

  it('lets a recovery code in once, in any case and grouping', async () => {
    const u = await enabledUser();
    const code = u.recoveryCodes[0] as string;
    const first = await finish(await challengeOf(u.email), code.replaceAll('-', '').toLowerCase());
    expect(first.body.code).toBe(200);
    expect(await state(first.body.data.token)).toEqual({ enabled: true, recoveryCodesLeft: 9 });
    const second = await finish(await challengeOf(u.email), code);
    expect(second.body.data).toMatchObject({ error: 'totp_code_wrong' });
  });

  it('opens one session for one challenge, however many right answers arrive at once', async () => {
    const u = await enabledUser();
    const challenge = await challengeOf(u.email);
    const answers = await Promise.all([
      finish(challenge, codeOf(u.secret)),
      finish(challenge, u.recoveryCodes[1] as string),
      finish(challenge, u.recoveryCodes[2] as string),
    ]);
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(1);
    const [{ n }] = (await s.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM sessions WHERE user_id = $1 AND revoked_at IS NULL',
      [u.user.id],
    )) as [{ n: number }];
    // The registration's session and this one.
    expect(n).toBe(2);
  });

  it('lets a challenge expire after 5 minutes and die after 5 tries', async () => {
    const u = await enabledUser();
    const late = await challengeOf(u.email);
    manualClock(s).advance(5 * 60_000 + 1);
    expect((await finish(late, codeOf(u.secret), 'de')).body).toMatchObject({
      msg: 'Diese Anmeldung ist abgelaufen. Bitte melden Sie sich erneut an.',
      data: { error: 'totp_challenge_invalid', field: 'challenge' },
    });

    const tried = await challengeOf(u.email);
    for (let i = 0; i < 5; i++) await finish(tried, '000000');
    expect((await finish(tried, codeOf(u.secret))).body.data).toMatchObject({
      error: 'totp_challenge_invalid',
    });
    expect((await finish('not-a-challenge', codeOf(u.secret))).body.data).toMatchObject({
      error: 'totp_challenge_invalid',
    });
    expect((await finish(tried, '')).body.data).toMatchObject({ error: 'field_required', field: 'code' });
  });

  it('turns off only with a current code or a recovery code, and the password alone signs in again', async () => {
    const u = await enabledUser();
    const token = (await finish(await challengeOf(u.email), codeOf(u.secret))).body.data.token;
    nextStep();
    const wrong = await s.api('/api/auth/totp/disable', { code: codeOf(u.secret, 5) }, { token });
    expect(wrong.body.data).toMatchObject({ error: 'totp_code_wrong', field: 'code' });
    expect(await state(token)).toEqual({ enabled: true, recoveryCodesLeft: 10 });

    const off = await s.api('/api/auth/totp/disable', { code: u.recoveryCodes[3] }, { token });
    expect(off.body.code).toBe(200);
    expect(await state(token)).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    const res = await login(u.email);
    expect((res.body.data as Session).token).toEqual(expect.any(String));
    expect((await s.api('/api/auth/totp/disable', { code: '123456' }, { token })).body.data).toMatchObject({
      error: 'totp_not_enabled',
    });
  });

  it('asks a current code again to change the login password, and changes nothing without it', async () => {
    const u = await enabledUser();
    const token = (await finish(await challengeOf(u.email), codeOf(u.secret))).body.data.token;
    nextStep();
    const change = (totpCode?: string) =>
      s.api(
        '/api/auth/changepassword',
        {
          oldPassword: PASSWORD,
          password: 'Changed456',
          confirmPassword: 'Changed456',
          ...(totpCode ? { totpCode } : {}),
        },
        { token, lang: 'de' },
      );
    expect((await change()).body).toMatchObject({
      msg: 'Bitte geben Sie den Code aus Ihrer Authenticator-App ein.',
      data: { error: 'totp_code_required', field: 'totpCode' },
    });
    expect((await change(codeOf(u.secret, 4))).body.data).toMatchObject({
      error: 'totp_code_wrong',
      field: 'totpCode',
    });
    // A recovery code signs in without the phone; it does not stand in for the phone here.
    expect((await change(u.recoveryCodes[5])).body.data).toMatchObject({ error: 'totp_code_wrong' });
    expect((await login(u.email)).body.data).toMatchObject({ totpRequired: true });
    expect((await change(codeOf(u.secret))).body.code).toBe(200);
    expect((await login(u.email, 'Changed456')).body.data).toMatchObject({ totpRequired: true });
  });

  it('asks the code of a wallet sign-in too', async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const walletLogin = async () => {
      const nonce = (
        await s.api<WalletNonce>('/api/auth/walletnonce', { address: wallet.address, chainId: 1 })
      ).body.data;
      const message = createSiweMessage({
        address: wallet.address,
        chainId: nonce.chainId,
        domain: nonce.domain,
        uri: nonce.uri,
        nonce: nonce.nonce,
        version: '1',
        issuedAt: new Date(nonce.issuedAt),
        expirationTime: new Date(nonce.expirationTime),
        statement: nonce.statement,
      });
      const signature = await wallet.signMessage({ message });
      return s.api<LoginResult>('/api/auth/walletlogin', {
        address: wallet.address,
        signature,
        message,
        wallet_type: 2,
      });
    };
    const token = ((await walletLogin()).body.data as Session).token;
    const setup = (await s.api<TotpSetup>('/api/auth/totp/setup', {}, { token })).body.data;
    expect(setup.uri).toContain(encodeURIComponent(wallet.address.toLowerCase()));
    expect((await s.api('/api/auth/totp/enable', { code: codeOf(setup.secret) }, { token })).body.code).toBe(
      200,
    );
    nextStep();

    const asked = (await walletLogin()).body.data;
    expect(asked).toMatchObject({ totpRequired: true });
    const session = await finish((asked as TotpChallenge).challenge, codeOf(setup.secret));
    expect(session.body.data.user.walletAddress).toBe(wallet.address.toLowerCase());
  });

  it('refuses a demo account and an unset secret', async () => {
    const demo = (await s.api<Session>('/api/auth/loginvirtual', {})).body.data;
    expect((await s.api('/api/auth/totp/setup', {}, { token: demo.token })).body.data).toMatchObject({
      error: 'demo_not_allowed',
    });
    const u = await registerUser(s);
    expect(
      (await s.api('/api/auth/totp/enable', { code: '123456' }, { token: u.token })).body.data,
    ).toMatchObject({
      error: 'totp_not_set_up',
    });
    expect((await s.api('/api/auth/totp/setup', {})).body.data).toMatchObject({ error: 'unauthorized' });
  });

  it('keeps the key sealed under SECRETS_KEY; one stored plain is sealed at the next start; another key stops the start', async () => {
    const u = await enabledUser();
    const stored = async () =>
      (
        await s.db.query<{ secret: string }>('SELECT secret FROM totp_secrets WHERE user_id = $1', [
          u.user.id,
        ])
      )[0]?.secret ?? '';
    const sealed = await stored();
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain(u.secret);
    expect(s.logs.join('\n')).not.toContain(TEST_SECRETS_KEY);

    // A row as the previous version stored it (plain) keeps working...
    await s.db.query('UPDATE totp_secrets SET secret = $2 WHERE user_id = $1', [u.user.id, u.secret]);
    expect((await finish(await challengeOf(u.email), codeOf(u.secret))).body.code).toBe(200);
    nextStep();
    // ...and the next start seals it.
    const next = await startServer(kind, { clock: 'manual' }, undefined, s);
    await next.close();
    const resealed = await stored();
    expect(resealed).toMatch(/^v1:/);
    expect(resealed).not.toContain(u.secret);
    expect((await finish(await challengeOf(u.email), codeOf(u.secret))).body.code).toBe(200);

    // A start with another key says so, rather than failing every two-factor user's code.
    await expect(
      startServer(kind, { clock: 'manual', secretsKey: 'ab'.repeat(32) }, undefined, s),
    ).rejects.toThrow('SECRETS_KEY does not open the stored two-factor keys');
  });
});

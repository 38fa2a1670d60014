import { randomUUID } from 'node:crypto';
import type { ExistTradePassword, Session, WalletNonce } from '@otc/protocol/auth/schemas';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deposit, PASSWORD, registerUser } from '../support/accounts.ts';
import { DATABASES, lastOutboxCode, manualClock, startServer, type TestServer } from '../support/harness.ts';

const MINUTE = 60_000;

describe.each(DATABASES)('the transaction password on %s', (kind) => {
  let s: TestServer;
  let recipient: string;
  beforeAll(async () => {
    s = await startServer(kind, { clock: 'manual' });
    recipient = (await registerUser(s)).user.id;
  });
  afterAll(() => s.close());

  const state = async (token: string) =>
    (await s.api<ExistTradePassword>('/api/auth/existtradepassword', {}, { token })).body.data;
  /** A money call guarded by the transaction password: 1 USDT to another user. */
  const transfer = (token: string, tradePassword: string) =>
    s.api(
      '/api/credit/cointransfer',
      { toUserId: recipient, asset: 'USDT', amount: '1', tradePassword, idempotencyKey: randomUUID() },
      { token },
    );
  const funded = async () => {
    const u = await registerUser(s);
    await deposit(s, u.user.id, 'USDT', '100');
    return u;
  };

  it('follows the login password after a change', async () => {
    const u = await funded();
    expect(await state(u.token)).toEqual({ exists: true, mode: 'login' });
    expect((await transfer(u.token, PASSWORD)).body.code).toBe(200);
    const changed = await s.api(
      '/api/auth/changepassword',
      { oldPassword: PASSWORD, password: 'Changed456', confirmPassword: 'Changed456' },
      { token: u.token },
    );
    expect(changed.body.code).toBe(200);
    expect((await transfer(u.token, PASSWORD)).body.data.error).toBe('trade_password_wrong');
    expect((await transfer(u.token, 'Changed456')).body.code).toBe(200);
    expect(await state(u.token)).toEqual({ exists: true, mode: 'login' });
  });

  it('follows the login password after a reset', async () => {
    const u = await funded();
    expect((await s.api('/api/auth/sendemail', { email: u.email, purpose: 'reset' })).body.code).toBe(200);
    const code = await lastOutboxCode(s.db, u.email);
    const reset = await s.api('/api/auth/resetpassword', {
      type: 'email',
      account: u.email,
      code,
      password: 'Reset7890',
      confirmPassword: 'Reset7890',
    });
    expect(reset.body.code).toBe(200);
    const token = (await s.api<Session>('/api/auth/login', { account: u.email, password: 'Reset7890' })).body
      .data.token;
    expect((await transfer(token, PASSWORD)).body.data.error).toBe('trade_password_wrong');
    expect((await transfer(token, 'Reset7890')).body.code).toBe(200);
  });

  it('is separate once the user sets one of their own', async () => {
    const u = await funded();
    const wrongCurrent = await s.api(
      '/api/auth/settradepassword',
      { currentPassword: 'Wrong1234', password: 'Trade1234', confirmPassword: 'Trade1234' },
      { token: u.token },
    );
    expect(wrongCurrent.body.data).toMatchObject({ error: 'trade_password_wrong', field: 'currentPassword' });
    const missing = await s.api(
      '/api/auth/settradepassword',
      { password: 'Trade1234', confirmPassword: 'Trade1234' },
      { token: u.token },
    );
    expect(missing.body.data).toMatchObject({ error: 'field_required', field: 'currentPassword' });
    expect(await state(u.token)).toEqual({ exists: true, mode: 'login' });

    const set = await s.api(
      '/api/auth/settradepassword',
      { currentPassword: PASSWORD, password: 'Trade1234', confirmPassword: 'Trade1234' },
      { token: u.token },
    );
    expect(set.body.code).toBe(200);
    expect(await state(u.token)).toEqual({ exists: true, mode: 'own' });
    expect((await transfer(u.token, PASSWORD)).body.data.error).toBe('trade_password_wrong');
    expect((await transfer(u.token, 'Trade1234')).body.code).toBe(200);

    // Changing the login password no longer touches it.
    await s.api(
      '/api/auth/changepassword',
      { oldPassword: PASSWORD, password: 'Changed456', confirmPassword: 'Changed456' },
      { token: u.token },
    );
    expect((await transfer(u.token, 'Changed456')).body.data.error).toBe('trade_password_wrong');
    expect((await transfer(u.token, 'Trade1234')).body.code).toBe(200);
  });

  it('a wallet-login user has none until they set one', async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const nonce = (await s.api<WalletNonce>('/api/auth/walletnonce', { address: wallet.address, chainId: 1 }))
      .body.data;
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
    const { token, user } = (
      await s.api<Session>('/api/auth/walletlogin', {
        address: wallet.address,
        signature,
        message,
        wallet_type: 2,
      })
    ).body.data;
    expect(user.hasTradePassword).toBe(false);
    expect(await state(token)).toEqual({ exists: false, mode: 'none' });
    await deposit(s, user.id, 'USDT', '10');
    const refused = await transfer(token, 'anything1');
    expect(refused.body.data.error).toBe('trade_password_required');
    expect(refused.body.msg).toBe('Please go to set transaction password');

    const set = await s.api(
      '/api/auth/settradepassword',
      { password: 'Trade1234', confirmPassword: 'Trade1234' },
      { token },
    );
    expect(set.body.code).toBe(200);
    expect(await state(token)).toEqual({ exists: true, mode: 'own' });
    expect((await transfer(token, 'Trade1234')).body.code).toBe(200);
  });

  it('locks after 5 wrong in 15 minutes, refuses even the right one, and releases after', async () => {
    const u = await funded();
    const clock = manualClock(s);
    for (let i = 0; i < 4; i++) {
      expect((await transfer(u.token, `Wrong000${i}`)).body.data.error).toBe('trade_password_wrong');
      clock.advance(2 * MINUTE);
    }
    const fifth = await transfer(u.token, 'Wrong0004');
    expect(fifth.status).toBe(429);
    expect(fifth.body.data).toMatchObject({ error: 'trade_password_locked', field: 'tradePassword' });
    expect(fifth.body.msg).toBe('Too many wrong transaction passwords. Please try again in 15 minutes.');

    clock.advance(10 * MINUTE);
    const right = await transfer(u.token, PASSWORD);
    expect(right.body.data.error).toBe('trade_password_locked');
    expect(right.body.msg).toContain('in 5 minutes');
    // Setting a new one is no way around it.
    const around = await s.api(
      '/api/auth/settradepassword',
      { currentPassword: PASSWORD, password: 'Trade1234', confirmPassword: 'Trade1234' },
      { token: u.token },
    );
    expect(around.body.data.error).toBe('trade_password_locked');

    clock.advance(5 * MINUTE);
    expect((await transfer(u.token, PASSWORD)).body.code).toBe(200);
    // A right one clears the count: four more wrong ones do not lock.
    for (let i = 0; i < 4; i++)
      expect((await transfer(u.token, 'Wrong1111')).body.data.error).toBe('trade_password_wrong');
    expect((await transfer(u.token, PASSWORD)).body.code).toBe(200);
  });

  it('does not lock for 5 wrong ones spread over more than 15 minutes', async () => {
    const u = await funded();
    const clock = manualClock(s);
    for (let i = 0; i < 5; i++) {
      expect((await transfer(u.token, 'Wrong2222')).body.data.error).toBe('trade_password_wrong');
      clock.advance(4 * MINUTE);
    }
    expect((await transfer(u.token, PASSWORD)).body.code).toBe(200);
  });
});

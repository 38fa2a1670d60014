import type { AddressEntry } from '@otc/protocol/cashier/address/schemas';
import type { Withdrawal, WithdrawInfo } from '@otc/protocol/cashier/withdrawal/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roundsIdle } from '../../../src/cashier/withdrawal/sender.ts';
import { type DevChain, onDevChain, startDevChain } from '../chain/dev-chain.ts';
import { PASSWORD } from '../support/accounts.ts';
import { count, DATABASES, startServer, type TestServer } from '../support/harness.ts';
import { enableTwoFactor, nextTotpStep, totpCodeOf } from '../support/two-factor.ts';
import { newKey, usdtOf, verifiedUser } from './withdraw-fixtures.ts';

// EIP-55's own examples.
const TO = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const OTHER = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
const DEV = 31337;

/** Decision 0158: once two-factor is on, a withdrawal and each address-book change ask a current code. */
describe.each(DATABASES)('two-factor on withdrawals and the address book on %s', (kind) => {
  let s: TestServer;
  let dev: DevChain;
  beforeAll(async () => {
    dev = await startDevChain();
    s = await startServer(kind, { clock: 'manual', ...onDevChain(dev) });
  });
  afterAll(async () => {
    await roundsIdle();
    await s.close();
    await dev.stop();
  });

  const withdraw = (token: string, body: Record<string, unknown>, lang = 'en') =>
    s.api<Withdrawal>(
      '/api/funding/withdraw',
      { chainId: DEV, address: TO, tradePassword: PASSWORD, idempotencyKey: newKey(), ...body },
      { token, lang },
    );
  const info = async (token: string) =>
    (await s.api<WithdrawInfo>('/api/funding/withdraw/info', {}, { token })).body.data;
  const bind = (token: string, body: Record<string, unknown>, lang = 'en') =>
    s.api<AddressEntry>('/api/credit/bindwithdrawaddress', { chainId: DEV, ...body }, { token, lang });
  const edit = (token: string, body: Record<string, unknown>) =>
    s.api<AddressEntry>('/api/credit/editwithdrawaddress', { chainId: DEV, ...body }, { token });
  const remove = (token: string, body: Record<string, unknown>) =>
    s.api('/api/credit/delwithdrawaddress', body, { token });
  const book = async (token: string) =>
    (await s.api<{ items: AddressEntry[] }>('/api/credit/getwithdrawaddress', {}, { token })).body.data.items;
  /** What a refusal must leave as it was: the user's USDT, the withdrawals and the ledger's journal. */
  const moneyOf = async (userId: string) => ({
    usdt: await usdtOf(s, userId),
    withdrawals: await count(s.db, 'withdrawals'),
    journal: await count(s.db, 'journal'),
  });

  it('asks nothing more of a user without two-factor', async () => {
    const u = await verifiedUser(s, '100');
    expect(await info(u.token)).toMatchObject({ totpRequired: false });
    expect((await bind(u.token, { address: TO })).body.code).toBe(200);
    const done = await withdraw(u.token, { amount: '20' });
    expect(done.body.code, JSON.stringify(done.body)).toBe(200);
    expect(await usdtOf(s, u.user.id)).toEqual({ available: '80', frozen: '20' });
  });

  it('refuses a withdrawal without a code, with a wrong, recovery or replayed one, freezing nothing', async () => {
    const u = await verifiedUser(s, '100');
    const { secret, recoveryCodes } = await enableTwoFactor(s, u.token);
    expect(await info(u.token)).toMatchObject({ totpRequired: true });
    const before = await moneyOf(u.user.id);

    const missing = await withdraw(u.token, { amount: '30' }, 'de');
    expect(missing.body).toMatchObject({
      code: 400,
      msg: 'Bitte geben Sie den Code aus Ihrer Authenticator-App ein.',
      data: { error: 'totp_code_required', field: 'totpCode' },
    });
    const wrong = await withdraw(u.token, { amount: '30', totpCode: totpCodeOf(s, secret, 3) });
    expect(wrong.body).toMatchObject({
      code: 400,
      msg: 'The authenticator code is wrong or already used.',
      data: { error: 'totp_code_wrong', field: 'totpCode' },
    });
    // A recovery code is for signing in without the phone, not for sending money away.
    const recovery = await withdraw(u.token, { amount: '30', totpCode: recoveryCodes[0] });
    expect(recovery.body.data).toMatchObject({ error: 'totp_code_wrong', field: 'totpCode' });
    expect(await moneyOf(u.user.id)).toEqual(before);

    const code = totpCodeOf(s, secret);
    const idempotencyKey = newKey();
    const done = await withdraw(u.token, { amount: '30', totpCode: code, idempotencyKey });
    expect(done.body.code, JSON.stringify(done.body)).toBe(200);
    expect(await usdtOf(s, u.user.id)).toEqual({ available: '70', frozen: '30' });
    // The same request again (a lost answer) is answered as the first, moving nothing.
    const retry = await withdraw(u.token, { amount: '30', totpCode: code, idempotencyKey });
    expect(retry.body.data.id).toBe(done.body.data.id);
    const afterFirst = await moneyOf(u.user.id);

    // The code is spent: another withdrawal with it is refused, even within its 30 seconds.
    const replayed = await withdraw(u.token, { amount: '30', totpCode: code });
    expect(replayed.body.data).toMatchObject({ error: 'totp_code_wrong', field: 'totpCode' });
    expect(await moneyOf(u.user.id)).toEqual(afterFirst);

    // The recovery code tried above is still there for signing in.
    const state = await s.api<{ recoveryCodesLeft: number }>('/api/auth/totp/state', {}, { token: u.token });
    expect(state.body.data.recoveryCodesLeft).toBe(10);

    nextTotpStep(s);
    const second = await withdraw(u.token, { amount: '30', totpCode: totpCodeOf(s, secret) });
    expect(second.body.code, JSON.stringify(second.body)).toBe(200);
    expect(await usdtOf(s, u.user.id)).toEqual({ available: '40', frozen: '60' });
  });

  it('a withdrawal refused for its amount leaves the code good for the corrected one', async () => {
    const u = await verifiedUser(s, '50');
    const { secret } = await enableTwoFactor(s, u.token);
    const code = totpCodeOf(s, secret);
    const before = await moneyOf(u.user.id);
    const tooMuch = await withdraw(u.token, { amount: '60', totpCode: code });
    expect(tooMuch.body.data).toMatchObject({ error: 'insufficient_balance', field: 'amount' });
    expect(await moneyOf(u.user.id)).toEqual(before);
    const done = await withdraw(u.token, { amount: '50', totpCode: code });
    expect(done.body.code, JSON.stringify(done.body)).toBe(200);
  });

  it('asks a code for each address-book change; refusals change nothing', async () => {
    const u = await verifiedUser(s);
    const { secret, recoveryCodes } = await enableTwoFactor(s, u.token);

    expect((await bind(u.token, { address: TO, remark: 'Cold' })).body.data).toMatchObject({
      error: 'totp_code_required',
      field: 'totpCode',
    });
    expect(
      (await bind(u.token, { address: TO, remark: 'Cold', totpCode: totpCodeOf(s, secret, -3) })).body.data,
    ).toMatchObject({ error: 'totp_code_wrong', field: 'totpCode' });
    expect(
      (await bind(u.token, { address: TO, remark: 'Cold', totpCode: recoveryCodes[1] })).body.data,
    ).toMatchObject({ error: 'totp_code_wrong', field: 'totpCode' });
    expect(await book(u.token)).toEqual([]);

    const code = totpCodeOf(s, secret);
    const saved = await bind(u.token, { address: TO, remark: 'Cold', totpCode: code });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(200);
    const id = saved.body.data.id;

    // The same code again: spent.
    const replayed = await edit(u.token, { id, address: OTHER, remark: 'Hot', totpCode: code });
    expect(replayed.body.data).toMatchObject({ error: 'totp_code_wrong', field: 'totpCode' });
    expect(await edit(u.token, { id, address: OTHER, remark: 'Hot' })).toMatchObject({
      body: { data: { error: 'totp_code_required' } },
    });
    expect(await book(u.token)).toMatchObject([{ id, address: TO, remark: 'Cold' }]);

    nextTotpStep(s);
    const edited = await edit(u.token, {
      id,
      address: OTHER,
      remark: 'Hot',
      totpCode: totpCodeOf(s, secret),
    });
    expect(edited.body.data).toMatchObject({ id, address: OTHER, remark: 'Hot' });

    nextTotpStep(s);
    const fresh = totpCodeOf(s, secret);
    expect((await remove(u.token, { id })).body.data).toMatchObject({ error: 'totp_code_required' });
    // An entry that is not there: the refusal rolls the spent code back with it, and the code stays good.
    expect((await remove(u.token, { id: '999999999', totpCode: fresh })).body.data).toMatchObject({
      error: 'not_found',
    });
    expect(await book(u.token)).toHaveLength(1);
    expect((await remove(u.token, { id, totpCode: fresh })).body.code).toBe(200);
    expect(await book(u.token)).toEqual([]);
  });
});

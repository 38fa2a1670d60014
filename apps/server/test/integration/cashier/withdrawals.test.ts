import type { AuditEntry } from '@otc/protocol/admin/schemas';
import type { Session } from '@otc/protocol/auth/schemas';
import type { AdminWithdrawal, Withdrawal, WithdrawInfo } from '@otc/protocol/cashier/withdrawal/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roundsIdle } from '../../../src/cashier/withdrawal/sender.ts';
import { type DevChain, onDevChain, startDevChain } from '../chain/dev-chain.ts';
import { operatorOf } from '../kyc/kyc-fixtures.ts';
import { noticesOf } from '../kyc/notices.ts';
import { deposit, PASSWORD, registerUser } from '../support/accounts.ts';
import { ADMIN, count, DATABASES, startServer, type TestServer } from '../support/harness.ts';
import { newKey, usdtOf, verifiedUser } from './withdraw-fixtures.ts';

const TO = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const DEV = 31337;

describe.each(DATABASES)('withdrawals on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  let reviewer: string;
  let reviewer2: string;
  let dev: DevChain;
  beforeAll(async () => {
    dev = await startDevChain();
    // Above the review threshold nothing is sent before an operator approves; the one below it is
    // sent by the sender (tested with the chain in withdrawal-broadcast.test.ts).
    s = await startServer(kind, onDevChain(dev));
    admin = (await s.api<{ token: string }>('/api/admin/login', ADMIN)).body.data.token;
    reviewer = await operatorOf(s, 'reviewer');
    reviewer2 = await operatorOf(s, 'reviewer');
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
  const approve = (id: string, token = reviewer) =>
    s.api<AdminWithdrawal>('/api/admin/funding/withdrawals/approve', { id }, { token });
  const reject = (id: string, reason: string, token = reviewer) =>
    s.api<AdminWithdrawal>('/api/admin/funding/withdrawals/reject', { id, reason }, { token });
  const audits = async (action: string) =>
    (
      await s.api<{ items: AuditEntry[] }>(`/api/admin/audit?action=${action}&pageSize=100`, undefined, {
        token: admin,
      })
    ).body.data.items;

  it('shows the form’s rules: the chain with its fee and minimum, the available balance', async () => {
    const u = await verifiedUser(s, '50');
    const info = (await s.api<WithdrawInfo>('/api/funding/withdraw/info', {}, { token: u.token })).body.data;
    expect(info).toMatchObject({ asset: 'USDT', available: '50', reviewThreshold: '1000', demo: false });
    expect(info.chains).toContainEqual({ chainId: DEV, name: 'Local dev chain', fee: '1', minimum: '10' });
  });

  it('refuses each rule with a clear error under its field and nothing frozen', async () => {
    const u = await verifiedUser(s, '50');
    const rows = await count(s.db, 'withdrawals');
    const refused = async (body: Record<string, unknown>, error: string, field?: string, msg?: string) => {
      const res = await withdraw(u.token, body);
      expect(res.body.data, JSON.stringify(res.body)).toMatchObject({ error, ...(field ? { field } : {}) });
      if (msg) expect(res.body.msg).toBe(msg);
    };
    await refused(
      { amount: '9.99' },
      'withdraw_below_minimum',
      'amount',
      'The minimum withdrawal is 10.00 USDT.',
    );
    await refused({ amount: '50.01' }, 'insufficient_balance', 'amount');
    await refused({ amount: '20', tradePassword: 'Wrong-pass-1' }, 'trade_password_wrong', 'tradePassword');
    await refused(
      { amount: '20', address: '0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' },
      'address_checksum',
      'address',
    );
    await refused({ amount: '20', address: '0xabc' }, 'address_invalid', 'address');
    await refused({ amount: '20', chainId: 1 }, 'withdraw_chain_unavailable', 'chainId');
    await refused({ amount: '20.0000001' }, 'amount_precision', 'amount');
    expect(await usdtOf(s, u.user.id)).toEqual({ available: '50', frozen: '0' });
    expect(await count(s.db, 'withdrawals')).toBe(rows);
  });

  it('refuses an amount not above the fee where the minimum allows one', async () => {
    const t = await startServer(kind, {
      ...onDevChain(dev),
      withdrawals: { ...s.config.withdrawals, fee: '5', minimum: '1' },
    });
    try {
      const u = await verifiedUser(t, '50');
      const res = await t.api<Withdrawal>(
        '/api/funding/withdraw',
        { chainId: DEV, address: TO, amount: '5', tradePassword: PASSWORD, idempotencyKey: newKey() },
        { token: u.token },
      );
      expect(res.body).toMatchObject({
        code: 400,
        msg: 'The amount must be more than the fee of 5.00 USDT.',
        data: { error: 'withdraw_not_above_fee', field: 'amount' },
      });
      expect(await usdtOf(t, u.user.id)).toEqual({ available: '50', frozen: '0' });
    } finally {
      await t.close();
    }
  });

  it('refuses a user without basic verification, and a demo user with the seed’s text', async () => {
    const u = await registerUser(s);
    await deposit(s, u.user.id, 'USDT', '50');
    const unverified = await withdraw(u.token, { amount: '20' });
    expect(unverified.body).toMatchObject({ code: 403, data: { error: 'kyc_required' } });
    expect(await usdtOf(s, u.user.id)).toEqual({ available: '50', frozen: '0' });

    const demo = (await s.api<Session>('/api/auth/loginvirtual', {})).body.data;
    const rows = await count(s.db, 'withdrawals');
    const refused = await withdraw(demo.token, { amount: '20' });
    expect(refused.body).toMatchObject({ code: 403, msg: 'Simulated accounts do not support withdrawals.' });
    expect(await count(s.db, 'withdrawals')).toBe(rows);
  });

  it('freezes the amount at request, once per idempotency key; below the threshold it goes straight to the sender', async () => {
    const u = await verifiedUser(s, '100');
    const idempotencyKey = newKey();
    const first = await withdraw(u.token, { amount: '30', idempotencyKey });
    expect(first.body.data).toMatchObject({
      status: expect.stringMatching(/^(approved|waiting_funds|sent)$/),
      amount: '30',
      fee: '1',
      received: '29',
      approvalsNeeded: 0,
      address: TO,
    });
    const again = await withdraw(u.token, { amount: '30', idempotencyKey });
    expect(again.body.data.id).toBe(first.body.data.id);
    expect(await usdtOf(s, u.user.id)).toEqual({ available: '70', frozen: '30' });
    const list = await s.api<{ items: Withdrawal[] }>('/api/funding/withdrawals', {}, { token: u.token });
    expect(list.body.data.items.map((w) => w.id)).toEqual([first.body.data.id]);
  });

  it('above the review threshold waits for an operator; rejecting unfreezes once, notifies, and is audited', async () => {
    const u = await verifiedUser(s, '2000');
    const w = (await withdraw(u.token, { amount: '1500' })).body.data;
    expect(w).toMatchObject({ status: 'reviewing', approvalsNeeded: 1, approvals: 0 });
    expect(await usdtOf(s, u.user.id)).toEqual({ available: '500', frozen: '1500' });

    const support = await operatorOf(s, 'support');
    expect((await reject(w.id, 'No', support)).body.code).toBe(403);
    const rejected = await reject(w.id, 'Address on a sanctions list');
    expect(rejected.body.data).toMatchObject({ status: 'rejected', reason: 'Address on a sanctions list' });
    expect(await usdtOf(s, u.user.id)).toEqual({ available: '2000', frozen: '0' });
    // Decided once: neither a second reject nor an approval moves anything.
    expect((await reject(w.id, 'Again')).body.data).toMatchObject({ error: 'already_decided' });
    expect((await approve(w.id, reviewer2)).body.data).toMatchObject({ error: 'already_decided' });
    expect(await usdtOf(s, u.user.id)).toEqual({ available: '2000', frozen: '0' });

    const notices = await noticesOf(s, u.user.id);
    expect(notices.filter((n) => n.kind === 'withdrawal.rejected')).toEqual([
      {
        kind: 'withdrawal.rejected',
        params: { amount: '1500', asset: 'USDT', reason: 'Address on a sanctions list' },
        link: '/pages/assets/tibiList',
      },
    ]);
    const record = (await s.api<{ items: Withdrawal[] }>('/api/funding/withdrawals', {}, { token: u.token }))
      .body.data.items[0];
    expect(record).toMatchObject({ status: 'rejected', reason: 'Address on a sanctions list' });
    expect((await audits('withdrawal.reject')).some((a) => a.target === u.user.id)).toBe(true);
  });

  it('one operator approves a withdrawal above the review threshold', async () => {
    const u = await verifiedUser(s, '2000');
    const w = (await withdraw(u.token, { amount: '1500' })).body.data;
    const approved = await approve(w.id);
    expect(approved.body.data).toMatchObject({ approvals: 1 });
    expect(approved.body.data.status).not.toBe('reviewing');
    expect(approved.body.data.decisions).toHaveLength(1);
    expect((await audits('withdrawal.approve')).some((a) => a.target === u.user.id)).toBe(true);
  });

  it('a large one needs two different operators: the same operator twice is refused', async () => {
    const u = await verifiedUser(s, '20000');
    const w = (await withdraw(u.token, { amount: '15000' })).body.data;
    expect(w).toMatchObject({ status: 'reviewing', approvalsNeeded: 2 });
    expect((await approve(w.id)).body.data).toMatchObject({ status: 'reviewing', approvals: 1 });
    const twice = await approve(w.id);
    expect(twice.body).toMatchObject({ code: 409, data: { error: 'withdraw_same_operator' } });
    expect((await approve(w.id, reviewer2)).body.data).toMatchObject({ approvals: 2 });
    expect((await approve(w.id, reviewer2)).body.data).toMatchObject({ error: 'already_decided' });
    expect(await usdtOf(s, u.user.id)).toEqual({ available: '5000', frozen: '15000' });
    const listed = await s.api<{ items: AdminWithdrawal[] }>(
      '/api/admin/funding/withdrawals?pageSize=100',
      undefined,
      { token: admin },
    );
    expect(listed.body.data.items.some((x) => x.id === w.id && x.userId === u.user.id)).toBe(true);
  });
});

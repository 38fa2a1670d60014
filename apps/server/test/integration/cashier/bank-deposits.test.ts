import type { AuditEntry } from '@otc/protocol/admin/schemas';
import type { Session } from '@otc/protocol/auth/schemas';
import type {
  BankAccount,
  BankDeposit,
  BankDepositInfo,
  BankDepositReview,
  BankDepositRow,
} from '@otc/protocol/cashier/bank/schemas';
import type { Notice } from '@otc/protocol/notifications/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorOf } from '../kyc/kyc-fixtures.ts';
import { noticesOf } from '../kyc/notices.ts';
import { registerUser } from '../support/accounts.ts';
import { ADMIN, DATABASES, startServer, type TestServer } from '../support/harness.ts';
import { TestSocket } from '../support/socket-client.ts';
import { fiatUsdt, PLATFORM_BANK, uploadImage } from './bank-fixtures.ts';

describe.each(DATABASES)('bank deposits on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  let reviewer: string;
  let support: string;
  beforeAll(async () => {
    s = await startServer(kind);
    admin = (await s.api<{ token: string }>('/api/admin/login', ADMIN)).body.data.token;
    reviewer = await operatorOf(s, 'reviewer');
    support = await operatorOf(s, 'support');
  });
  afterAll(() => s.close());

  const setAccount = (body: Record<string, unknown>, token = admin) =>
    s.api<BankAccount>('/api/admin/funding/bank/account', body, { token });
  const info = async (token: string) =>
    (await s.api<BankDepositInfo>('/api/funding/bank/account', undefined, { token })).body.data;
  const submit = (token: string, body: Record<string, unknown>, lang = 'en') =>
    s.api<BankDeposit>('/api/funding/bank/deposit', body, { token, lang });
  const records = async (token: string) =>
    (await s.api<{ items: BankDeposit[]; total: number }>('/api/funding/bank/deposits', undefined, { token }))
      .body.data;
  const approve = (id: string, token = reviewer) =>
    s.api<BankDepositReview>('/api/admin/funding/bank/approve', { id }, { token });
  const reject = (id: string, reason: string, token = reviewer) =>
    s.api<BankDepositReview>('/api/admin/funding/bank/reject', { id, reason }, { token });
  const opened = async (id: string, token = reviewer) =>
    (await s.api<BankDepositReview>(`/api/admin/funding/bank/deposit?id=${id}`, undefined, { token })).body
      .data;
  const audits = async (action: string) =>
    (
      await s.api<{ items: AuditEntry[] }>(`/api/admin/audit?action=${action}&pageSize=100`, undefined, {
        token: admin,
      })
    ).body.data.items;
  const rowsOf = async (userId: string) =>
    Number(
      (
        await s.db.query<{ n: string }>('SELECT count(*)::text AS n FROM bank_deposits WHERE user_id = $1', [
          userId,
        ])
      )[0]?.n,
    );
  /** The journal postings that credited a bank deposit. */
  const creditsOf = async (id: string) =>
    (
      await s.db.query<{ kind: string }>('SELECT kind FROM journal WHERE reference = $1', [
        `bank_deposit:${id}`,
      ])
    ).map((r) => r.kind);
  const deposit = async (token: string, amount = '250.5') => {
    const res = await submit(token, { amount, proof: await uploadImage(s, token), reference: 'REF-42' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };

  it('refuses deposits until an admin sets the platform’s bank account, then shows it to users', async () => {
    const u = await registerUser(s);
    expect(await info(u.token)).toMatchObject({ account: null, sample: false });
    const early = await submit(u.token, {
      amount: '20',
      proof: await uploadImage(s, u.token),
      reference: 'R',
    });
    expect(early.status).toBe(409);
    expect(early.body.data.error).toBe('bank_account_unset');
    // It says what the rule is and what to do instead (it sent users to a customer service that does not exist).
    expect(early.body.msg).toBe(
      'Bank deposits are not open yet: the platform has not set the bank account to pay into. Deposit USDT on a chain meanwhile.',
    );
    expect(await rowsOf(u.user.id)).toBe(0);

    // Only an admin sets it; a bad IBAN is named under its field.
    for (const token of [reviewer, support])
      expect((await setAccount(PLATFORM_BANK, token)).status).toBe(403);
    const badIban = await setAccount({ ...PLATFORM_BANK, iban: 'DE89370400440532013001' });
    expect(badIban.body.data).toMatchObject({ error: 'field_invalid', field: 'iban' });
    const badSwift = await setAccount({ ...PLATFORM_BANK, swift: 'DEU' });
    expect(badSwift.body.data).toMatchObject({ error: 'field_invalid', field: 'swift' });
    expect((await setAccount({ ...PLATFORM_BANK, bankName: ' ' })).body.data).toMatchObject({
      error: 'field_required',
      field: 'bankName',
    });
    expect((await info(u.token)).account).toBeNull();

    const saved = await setAccount(PLATFORM_BANK);
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({ ...PLATFORM_BANK, iban: 'DE89370400440532013000' });
    expect(await info(u.token)).toEqual({
      account: saved.body.data,
      sample: false,
      minimum: '10',
      asset: 'USDT',
      creditedTo: 'fiat',
    });
    const audit = (await audits('funding.bank.account'))[0];
    expect(audit?.detail).toMatchObject({ before: null, after: { accountNumber: '0532013000' } });
  });

  it('takes a deposit from pending to approved, crediting the fiat account exactly once', async () => {
    const u = await registerUser(s);
    const submitted = await deposit(u.token, '250.5');
    expect(submitted).toMatchObject({
      amount: '250.5',
      asset: 'USDT',
      reference: 'REF-42',
      status: 'pending',
    });
    expect((await records(u.token)).items).toEqual([submitted]);
    expect(await fiatUsdt(s, u.user.id)).toBe('0');

    // The reviewer sees it with its proof and the account it was paid to.
    const review = await opened(submitted.id);
    expect(review).toMatchObject({
      userId: u.user.id,
      account: u.email,
      status: 'pending',
      paidTo: { bankName: 'Deutsche Bank' },
    });
    const proof = await fetch(`${s.url}/api/admin/uploads/${review.proof}`, {
      headers: { authorization: `Bearer ${reviewer}` },
    });
    expect(proof.status).toBe(200);
    expect(proof.headers.get('content-type')).toBe('image/png');

    const approved = await approve(submitted.id);
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ status: 'approved', decidedBy: expect.stringContaining('@') });
    expect(await fiatUsdt(s, u.user.id)).toBe('250.5');
    expect(await creditsOf(submitted.id)).toEqual(['deposit.bank']);
    expect((await records(u.token)).items[0]).toMatchObject({ id: submitted.id, status: 'approved' });

    // Deciding again credits nothing more.
    expect((await approve(submitted.id)).body.data.error).toBe('already_decided');
    expect((await reject(submitted.id, 'late', admin)).status).toBe(409);
    expect(await fiatUsdt(s, u.user.id)).toBe('250.5');
    expect(await creditsOf(submitted.id)).toHaveLength(1);

    expect(await noticesOf(s, u.user.id)).toContainEqual({
      kind: 'funding.bank.approved',
      params: { amount: '250.5', asset: 'USDT' },
      link: '/pages/assets/rechargeList',
    });
    const audit = (await audits('funding.bank.approve')).find((a) => a.target === u.user.id);
    expect(audit?.detail).toMatchObject({ deposit: submitted.id, amount: expect.any(String), asset: 'USDT' });
  });

  it('rejects with a reason kept as text: nothing credited, the user told why', async () => {
    const u = await registerUser(s);
    const submitted = await deposit(u.token, '99');
    const reason = '<img src=x onerror="alert(1)"> <b>no</b> transfer & received';
    const rejected = await reject(submitted.id, reason);
    expect(rejected.body.data).toMatchObject({ status: 'rejected', reason });
    expect(await fiatUsdt(s, u.user.id)).toBe('0');
    expect(await creditsOf(submitted.id)).toEqual([]);
    expect((await records(u.token)).items[0]).toMatchObject({ status: 'rejected', reason });
    expect(await noticesOf(s, u.user.id)).toContainEqual(
      expect.objectContaining({
        kind: 'funding.bank.rejected',
        params: { amount: '99', asset: 'USDT', reason },
      }),
    );
    const inbox = await s.api<{ items: Notice[] }>(
      '/api/common/noticelist',
      {},
      { token: u.token, lang: 'de' },
    );
    const notice = inbox.body.data.items.find((n) => n.kind === 'funding.bank.rejected');
    expect(notice?.body).toContain(reason);
    expect(notice?.title).toBe('Bankeinzahlung nicht genehmigt');
    const audit = (await audits('funding.bank.reject')).find((a) => a.target === u.user.id);
    expect(audit?.detail).toMatchObject({ deposit: submitted.id, reason });
    expect((await approve(submitted.id)).status).toBe(409);
    expect(await fiatUsdt(s, u.user.id)).toBe('0');
  });

  it("tells the user's socket each status move of a bank deposit, with the stored record (issue 23)", async () => {
    const u = await registerUser(s);
    const ws = await TestSocket.open(s.url);
    ws.send({ op: 'auth', token: u.token });
    ws.send({ op: 'subscribe', channels: ['user'] });
    await ws.waitFor((f) => f.type === 'subscribed');
    const told = (id: string) =>
      ws.frames
        .map((f) => (f.channel === 'user' ? (f.data as { kind: string; deposit?: BankDeposit }) : undefined))
        .filter((d) => d?.kind === 'bankDeposit' && d.deposit?.id === id)
        .map((d) => d?.deposit);
    const toldUntil = async (id: string, status: string) => {
      await ws.waitFor(
        (f) =>
          f.channel === 'user' &&
          (f.data as { deposit?: BankDeposit }).deposit?.id === id &&
          (f.data as { deposit?: BankDeposit }).deposit?.status === status,
      );
      return told(id).map((d) => d?.status);
    };
    const approved = await deposit(u.token, '120');
    const rejected = await deposit(u.token, '130');
    expect(await toldUntil(approved.id, 'pending')).toEqual(['pending']);
    expect(await toldUntil(rejected.id, 'pending')).toEqual(['pending']);
    expect((await approve(approved.id)).status).toBe(200);
    expect((await reject(rejected.id, 'no such transfer')).status).toBe(200);
    expect(await toldUntil(approved.id, 'approved')).toEqual(['pending', 'approved']);
    expect(await toldUntil(rejected.id, 'rejected')).toEqual(['pending', 'rejected']);
    // Each event is the record as the records call answers it.
    const { items } = await records(u.token);
    expect(told(rejected.id).at(-1)).toEqual(items.find((d) => d.id === rejected.id));
    expect(told(approved.id).at(-1)).toEqual(items.find((d) => d.id === approved.id));
    ws.close();
  });

  it('refuses a proof that is missing, someone else’s or of another purpose, storing nothing', async () => {
    const u = await registerUser(s);
    const other = await registerUser(s);
    const cases = [
      { proof: await uploadImage(s, other.token), error: 'bank_proof_invalid' },
      { proof: await uploadImage(s, u.token, 'kyc'), error: 'bank_proof_invalid' },
      { proof: 'not-an-upload', error: 'bank_proof_invalid' },
      { proof: undefined, error: 'field_required' },
    ];
    for (const c of cases) {
      const res = await submit(u.token, {
        amount: '50',
        reference: 'R1',
        ...(c.proof ? { proof: c.proof } : {}),
      });
      expect(res.status, JSON.stringify(c)).toBe(400);
      expect(res.body.data).toMatchObject({ error: c.error, field: 'proof' });
    }
    expect(await rowsOf(u.user.id)).toBe(0);
  });

  it('takes one payment proof for one deposit, unless that deposit was rejected', async () => {
    const u = await registerUser(s);
    const proof = await uploadImage(s, u.token);
    const first = await submit(u.token, { amount: '40', proof, reference: 'R1' });
    expect(first.status).toBe(200);
    const again = await submit(u.token, { amount: '40', proof, reference: 'R2' });
    expect(again.status).toBe(409);
    expect(again.body.data).toMatchObject({ error: 'bank_proof_used', field: 'proof' });
    expect(await rowsOf(u.user.id)).toBe(1);
    await reject(first.body.data.id, 'The amount on the proof is 45.');
    const corrected = await submit(u.token, { amount: '45', proof, reference: 'R3' });
    expect(corrected.body.data.status).toBe('pending');
  });

  it('refuses an amount below the minimum, beyond USDT’s decimals or not a number, in the user’s language', async () => {
    const u = await registerUser(s);
    const proof = await uploadImage(s, u.token);
    const below = await submit(u.token, { amount: '9.99', proof, reference: 'R' }, 'de');
    expect(below.body.data).toMatchObject({ error: 'bank_deposit_minimum', field: 'amount' });
    expect(below.body.msg).toBe('Die Mindesteinzahlung beträgt 10,00 USDT.');
    expect(
      (await submit(u.token, { amount: '10.000000001', proof, reference: 'R' })).body.data,
    ).toMatchObject({
      error: 'amount_precision',
      field: 'amount',
    });
    for (const amount of ['abc', '1e3', '-20', '0', '']) {
      const res = await submit(u.token, { amount, proof, reference: 'R' });
      expect(res.status, amount).toBe(400);
      expect(res.body.data.field, amount).toBe('amount');
    }
    expect((await submit(u.token, { amount: '20', proof, reference: ' ' })).body.data).toMatchObject({
      error: 'field_required',
      field: 'reference',
    });
    expect(await rowsOf(u.user.id)).toBe(0);
    // Exactly the minimum is enough.
    expect((await submit(u.token, { amount: '10', proof, reference: 'R' })).body.data.status).toBe('pending');
  });

  it('refuses a demo account on every call, saying why and what to do instead, and stores nothing', async () => {
    const demo = (await s.api<Session>('/api/auth/loginvirtual', {})).body.data;
    const proof = await uploadImage(s, demo.token);
    const res = await submit(demo.token, { amount: '100', proof, reference: 'R' });
    expect(res.status).toBe(403);
    expect(res.body.data.error).toBe('deposit_demo');
    expect(res.body.msg).toBe(
      'Demo accounts cannot deposit: they trade with demo funds only. Log in with your own account to deposit.',
    );
    expect(await rowsOf(demo.user.id)).toBe(0);
    // Every bank deposit call answers the same: where to pay, and the records.
    for (const path of ['/api/funding/bank/account', '/api/funding/bank/deposits']) {
      const read = await s.api(path, undefined, { token: demo.token });
      expect(read.status, path).toBe(403);
      expect(read.body.msg, path).toBe(
        'Demo accounts cannot deposit: they trade with demo funds only. Log in with your own account to deposit.',
      );
    }
  });

  it('lets admins and reviewers decide, not support, and lists pending ones first', async () => {
    const u = await registerUser(s);
    const submitted = await deposit(u.token, '30');
    // Support reads the queue and the deposit but cannot decide.
    expect((await opened(submitted.id, support)).status).toBe('pending');
    for (const res of [await approve(submitted.id, support), await reject(submitted.id, 'No.', support)]) {
      expect(res.status).toBe(403);
      expect(res.body.data.error).toBe('forbidden');
    }
    expect(await fiatUsdt(s, u.user.id)).toBe('0');
    expect((await approve('987654321')).body.data).toMatchObject({ error: 'not_found', field: 'id' });
    expect((await reject(submitted.id, '  ')).body.data).toMatchObject({
      error: 'field_required',
      field: 'reason',
    });

    const list = (
      await s.api<{ items: BankDepositRow[] }>('/api/admin/funding/bank/deposits?pageSize=100', undefined, {
        token: support,
      })
    ).body.data.items;
    const firstDecided = list.findIndex((d) => d.status !== 'pending');
    const lastPending = list.map((d) => d.status).lastIndexOf('pending');
    expect(firstDecided).toBeGreaterThan(-1);
    expect(lastPending).toBeLessThan(firstDecided);
    expect((await approve(submitted.id, admin)).status).toBe(200);
    expect(await fiatUsdt(s, u.user.id)).toBe('30');
  });
});

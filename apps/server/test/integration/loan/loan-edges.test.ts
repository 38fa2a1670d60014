import { randomUUID } from 'node:crypto';
import { parseUnits } from '@otc/core';
import type { Session } from '@otc/protocol/auth/schemas';
import type { AdminLoanDetail, Loan, LoanCertification, LoanSummary } from '@otc/protocol/loan/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../../src/i18n/translate.ts';
import { watchLoans } from '../../../src/loan/index.ts';
import { png } from '../kyc/kyc-fixtures.ts';
import { deposit, registerUser } from '../support/accounts.ts';
import { type ApiResult, DATABASES, manualClock, startServer, type TestServer } from '../support/harness.ts';
import {
  apply,
  at,
  borrow,
  borrower,
  certify,
  DAY,
  decide,
  demoDeposit,
  funding,
  HOUR,
  loanOf,
  notices,
  operator,
  PASSWORD,
  repay,
  seededProduct,
  setPrice,
  treasury,
  verifyAdvanced,
} from './loan-fixtures.ts';

const u = parseUnits;

/** Uploads an image of the caller's for a purpose (multipart, as the app does): its id. */
async function upload(s: TestServer, token: string, purpose: string, shade: number): Promise<string> {
  const form = new FormData();
  form.append('purpose', purpose);
  form.append(
    'file',
    new Blob([new Uint8Array(png(8, 8, [shade, 40, 90]))], { type: 'image/png' }),
    'doc.png',
  );
  const res = await fetch(`${s.url}/api/common/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await res.json()) as { code: number; data: { id: string } };
  expect(body.code, JSON.stringify(body)).toBe(200);
  return String(body.data.id);
}

describe.each(DATABASES)('loans’ edges on %s', (kind) => {
  let s: TestServer;
  let product: string;
  let reviewer: () => Promise<string>;
  const T0 = Date.parse('2027-05-03T08:00:00Z');
  beforeAll(async () => {
    s = await startServer(kind, { clock: 'manual', sessionDays: 3650 });
    manualClock(s).set(T0);
    await setPrice(s, 'BTC', '60000');
    product = await seededProduct(s);
    reviewer = await operator(() => s, 'reviewer');
  });
  afterAll(() => s.close());

  /** Refused with the key, translated, and nothing stored for the user. */
  async function refused(res: Promise<ApiResult<unknown>>, userId: string, key: string, lang = 'en') {
    const r = await res;
    expect(r.body.data.error, JSON.stringify(r.body)).toBe(key);
    expect(r.status).toBeLessThan(500);
    if (lang !== 'en') expect(r.body.msg).toBe(translate(lang as 'de', key as 'loan_amount'));
    const [row] = await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM loans WHERE user_id = $1', [
      userId,
    ]);
    return row?.n ?? 0;
  }

  it('refuses bad applications with a clear, translated key and stores nothing', async () => {
    const b = await borrower(s, { BTC: '0.1', USDT: '0' });
    const ok = { productId: product, amount: '1000' };
    expect(
      await refused(apply(s, b.token, { ...ok, amount: '99.99' }, 'de'), b.user.id, 'loan_amount', 'de'),
    ).toBe(0);
    expect(await refused(apply(s, b.token, { ...ok, amount: '50000.01' }), b.user.id, 'loan_amount')).toBe(0);
    expect(
      await refused(apply(s, b.token, { ...ok, productId: '999999' }), b.user.id, 'loan_product_unknown'),
    ).toBe(0);
    expect(await refused(apply(s, b.token, { ...ok, termDays: 45 }), b.user.id, 'loan_term')).toBe(0);
    expect(
      await refused(apply(s, b.token, { ...ok, collateralAsset: 'SOL' }), b.user.id, 'loan_collateral_asset'),
    ).toBe(0);
    expect(
      await refused(apply(s, b.token, { ...ok, agreement: false }), b.user.id, 'agreement_required'),
    ).toBe(0);
    expect(
      await refused(
        apply(s, b.token, { ...ok, tradePassword: 'Wrong1234' }),
        b.user.id,
        'trade_password_wrong',
      ),
    ).toBe(0);
    // 1000 / 0.65 / 60000 = 0.02564103 BTC needed, 0.1 held: fine; 5000 needs 0.12820513 > 0.1.
    expect(
      await refused(apply(s, b.token, { ...ok, amount: '5000' }), b.user.id, 'loan_collateral_short'),
    ).toBe(0);
    expect(await funding(s, b.user.id, 'BTC')).toEqual({ available: '0.1', frozen: '0' });
  });

  it('refuses a term a product does not offer, and a product saved wrong', async () => {
    const admin = await operator(s, 'admin');
    const save = (body: Record<string, unknown>) =>
      s.api<{ id: string }>(
        '/api/admin/loan/products/save',
        {
          name: 'Short loans',
          minAmount: '100',
          maxAmount: '5000',
          terms: [7, 15],
          dailyRate: '0.001',
          initialLtv: '0.5',
          marginCallLtv: '0.7',
          liquidationLtv: '0.85',
          collateralAssets: ['BTC'],
          status: 'open',
          ...body,
        },
        { token: adminToken },
      );
    const adminToken = await admin();
    expect((await save({ terms: [7, 45] })).body.data.error).toBe('loan_product_terms');
    expect((await save({ dailyRate: '0.2' })).body.data.error).toBe('loan_product_rate');
    expect((await save({ marginCallLtv: '0.9' })).body.data.error).toBe('loan_product_ltv');
    expect((await save({ minAmount: '6000' })).body.data.error).toBe('loan_product_amounts');
    expect((await save({ collateralAssets: ['BTC', 'NOPE'] })).body.data.error).toBe(
      'loan_product_collateral',
    );
    const support = await (await operator(s, 'support'))();
    expect((await s.api('/api/admin/loan/products/save', {}, { token: support })).status).toBe(403);
    const made = await save({});
    expect(made.body.code, JSON.stringify(made.body)).toBe(200);
    const b = await borrower(s);
    const r = apply(s, b.token, { productId: made.body.data.id, amount: '1000', termDays: 30 });
    expect(await refused(r, b.user.id, 'loan_term')).toBe(0);
    // Closed: no new application.
    expect((await save({ id: made.body.data.id, status: 'closed' })).body.data).toMatchObject({
      status: 'closed',
    });
    const closed = apply(s, b.token, { productId: made.body.data.id, amount: '1000', termDays: 7 });
    expect(await refused(closed, b.user.id, 'loan_product_closed')).toBe(0);
  });

  it('asks live users for advanced verification, the certification and age 18', async () => {
    const plain = await registerUser(s);
    await deposit(s, plain.user.id, 'BTC', '1');
    const ok = { productId: product, amount: '1000' };
    expect(await refused(apply(s, plain.token, ok), plain.user.id, 'loan_kyc_required')).toBe(0);
    await verifyAdvanced(s, plain.user.id);
    expect(await refused(apply(s, plain.token, ok), plain.user.id, 'loan_certification_required')).toBe(0);
    // 18 tomorrow (UTC): refused today, as the birthday itself counts.
    const now = new Date(manualClock(s).now());
    const birth = new Date(Date.UTC(now.getUTCFullYear() - 18, now.getUTCMonth(), now.getUTCDate() + 1));
    await certify(s, plain.user.id, birth.toISOString().slice(0, 10));
    expect(await refused(apply(s, plain.token, ok), plain.user.id, 'loan_underage')).toBe(0);
    const today = new Date(Date.UTC(now.getUTCFullYear() - 18, now.getUTCMonth(), now.getUTCDate()));
    await certify(s, plain.user.id, today.toISOString().slice(0, 10));
    expect((await apply(s, plain.token, ok)).body.code).toBe(200);
  });

  it('keeps one application per key and one pending per user, and the limit', async () => {
    const b = await borrower(s, { BTC: '3', USDT: '500' });
    const key = randomUUID();
    const body = { productId: product, amount: '40000', idempotencyKey: key };
    const first = await apply(s, b.token, body);
    expect(first.body.code, JSON.stringify(first.body)).toBe(200);
    // The same key and body: the same application; another body under it: refused.
    expect((await apply(s, b.token, body)).body.data.id).toBe(first.body.data.id);
    expect(
      await refused(apply(s, b.token, { ...body, amount: '40001' }), b.user.id, 'idempotency_conflict'),
    ).toBe(1);
    expect(
      await refused(
        apply(s, b.token, { productId: product, amount: '1000' }),
        b.user.id,
        'loan_pending_exists',
      ),
    ).toBe(1);
    // 40000 is above the four-eyes threshold (10000): a reviewer and an admin approve.
    await decide(s, await reviewer(), { id: first.body.data.id, decision: 'approve' });
    const admin = await (await operator(s, 'admin'))();
    expect((await decide(s, admin, { id: first.body.data.id, decision: 'approve' })).body.data.status).toBe(
      'active',
    );
    // 50000 - 40000 = 10000 left: 10000.01 is over the limit.
    const summary = await s.api<LoanSummary>('/api/common/userdebt', {}, { token: b.token });
    expect(summary.body.data).toMatchObject({
      availableLimit: '10000',
      outstandingPrincipal: '40000',
      activeLoans: 1,
    });
    expect(
      await refused(apply(s, b.token, { productId: product, amount: '10000.01' }), b.user.id, 'loan_amount'),
    ).toBe(1);
    // Repaid on day 1 (40000 + 20 + 0.5 x (600 - 20) = 40310): the limit is whole again.
    expect((await repay(s, b.token, { id: first.body.data.id, amount: '40310' })).body.code).toBe(200);
    const after = await s.api<LoanSummary>('/api/common/userdebt', {}, { token: b.token });
    expect(after.body.data).toMatchObject({ availableLimit: '50000', activeLoans: 0 });
  });

  it('keeps other users’ loans out of reach', async () => {
    const owner = await borrower(s);
    const other = await borrower(s);
    const loan = await borrow(s, owner.token, reviewer, { productId: product, amount: '1000', termDays: 7 });
    const r = await repay(s, other.token, { id: loan.id, amount: loan.repayNow?.total });
    expect(r.body.data.error).toBe('loan_unknown');
    const c = await s.api(
      '/api/loan/collateral',
      { id: loan.id, amount: '0.1', tradePassword: PASSWORD, idempotencyKey: randomUUID() },
      { token: other.token },
    );
    expect(c.body.data.error).toBe('loan_unknown');
    expect(await funding(s, other.user.id, 'BTC')).toEqual({ available: '1', frozen: '0' });
    // The owner adds collateral: 0.02564103 + 0.1 frozen.
    const added = await s.api<Loan>(
      '/api/loan/collateral',
      { id: loan.id, amount: '0.1', tradePassword: PASSWORD, idempotencyKey: randomUUID() },
      { token: owner.token },
    );
    expect(added.body.data.collateralAmount).toBe('0.12564103');
    expect(await funding(s, owner.user.id, 'BTC')).toEqual({ available: '0.87435897', frozen: '0.12564103' });
    const total = (await loanOf(s, owner.token, loan.id)).repayNow?.total;
    expect((await repay(s, owner.token, { id: loan.id, amount: total })).body.code).toBe(200);
    expect(await funding(s, owner.user.id, 'BTC')).toEqual({ available: '1', frozen: '0' });
  });

  it('takes the certification with the caller’s own loan documents only, and shows it for review', async () => {
    const b = await registerUser(s);
    const other = await registerUser(s);
    const mine = async (n: number) => {
      const ids: string[] = [];
      for (let i = 0; i < n; i++) ids.push(await upload(s, b.token, 'loan_document', 10 + ids.length * 20));
      return ids;
    };
    const fields = {
      realName: 'Erika Mustermann',
      documentType: 'id_card',
      documentNumber: 'T22000129',
      birthDate: '1990-05-17',
      idPhoto: (await mine(1))[0],
      workType: 'Engineer',
      annualIncome: '60000',
      emergencyName: 'Max Mustermann',
      emergencyPhone: '+49 170 1234567',
      bankCards: await mine(2),
      assetProofs: await mine(3),
      transactionRecords: await mine(3),
    };
    const submit = (body: Record<string, unknown>) =>
      s.api<LoanCertification>('/api/loan/certification/submit', body, { token: b.token });
    const theirs = await upload(s, other.token, 'loan_document', 200);
    expect((await submit({ ...fields, idPhoto: theirs })).body.data).toMatchObject({
      error: 'loan_certification_uploads',
      field: 'idPhoto',
    });
    const kyc = await upload(s, b.token, 'kyc', 220);
    expect((await submit({ ...fields, bankCards: [kyc, fields.bankCards[1]] })).body.data.error).toBe(
      'loan_certification_uploads',
    );
    expect(
      (await s.api<LoanCertification>('/api/loan/certification', {}, { token: b.token })).body.data,
    ).toEqual({
      certification: null,
    });
    const done = await submit(fields);
    expect(done.body.code, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data.certification).toMatchObject({
      realName: 'Erika Mustermann',
      bankCards: fields.bankCards,
    });
    // The reviewer sees it beside the application.
    await verifyAdvanced(s, b.user.id);
    await deposit(s, b.user.id, 'BTC', '1');
    const applied = await apply(s, b.token, { productId: product, amount: '500', termDays: 7 });
    const token = await reviewer();
    const detail = await s.api<AdminLoanDetail>(
      `/api/admin/loan/detail?id=${applied.body.data.id}`,
      undefined,
      {
        token,
      },
    );
    expect(detail.body.data).toMatchObject({
      kycAdvanced: true,
      approvalsNeeded: 1,
      certification: { idPhoto: fields.idPhoto },
    });
    // The reviewer may open the documents.
    const image = await fetch(`${s.url}/api/admin/uploads/${fields.idPhoto}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(image.status).toBe(200);
    await decide(s, token, { id: applied.body.data.id, decision: 'reject', reason: 'test' });
  });

  it('approves a demo user’s loan at once from the demo treasury; the live balance untouched', async () => {
    const demo = (await s.api<Session>('/api/auth/loginvirtual', {})).body.data;
    await demoDeposit(s, demo.user.id, 'BTC', '1');
    const live = await funding(s, demo.user.id, 'USDT', 'live');
    const liveTreasury = await treasury(s, 'USDT');
    const demoTreasury = await treasury(s, 'USDT', 'demo');
    const before = await funding(s, demo.user.id, 'USDT', 'demo');
    const res = await s.api<Loan>(
      '/api/loan/apply',
      {
        productId: product,
        amount: '10000',
        termDays: 7,
        collateralAsset: 'BTC',
        agreement: true,
        idempotencyKey: randomUUID(),
      },
      { token: demo.token },
    );
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'active', collateralAmount: '0.25641026' });
    expect(await funding(s, demo.user.id, 'BTC', 'demo')).toEqual({
      available: '0.74358974',
      frozen: '0.25641026',
    });
    expect(u((await funding(s, demo.user.id, 'USDT', 'demo')).available)).toBe(
      u(before.available) + u('10000'),
    );
    expect(await treasury(s, 'USDT', 'demo')).toBe(demoTreasury - u('10000'));
    expect(await funding(s, demo.user.id, 'USDT', 'live')).toEqual(live);
    expect(await treasury(s, 'USDT')).toBe(liveTreasury);
    // Repaid without a password: day 1 of 7, 10000 + 5 + 0.5 x (35 - 5) = 10020.
    const paid = await s.api<Loan>(
      '/api/loan/repay',
      { id: res.body.data.id, amount: '10020', idempotencyKey: randomUUID() },
      { token: demo.token },
    );
    expect(paid.body.data.status, JSON.stringify(paid.body)).toBe('repaid');
    expect(await treasury(s, 'USDT', 'demo')).toBe(demoTreasury + u('20'));
  });

  it('liquidates once when two watchers run at once, and once across a restart', async () => {
    const start = manualClock(s).now() + DAY;
    await at(s, start);
    const a = await borrower(s);
    const b = await borrower(s);
    const la = await borrow(s, a.token, reviewer, { productId: product, amount: '10000', termDays: 7 });
    const lb = await borrow(s, b.token, reviewer, { productId: product, amount: '10000', termDays: 7 });
    const tb = await treasury(s, 'BTC');
    // Day 1 at 40000: 10005 / (0.25641026 x 40000) = 0.9755 >= 0.9, both due for liquidation.
    await setPrice(s, 'BTC', '40000');
    const now = start + HOUR;
    manualClock(s).set(now);
    const [x, y] = await Promise.all([watchLoans(s.ctx, now), watchLoans(s.ctx, now)]);
    expect(x + y).toBe(2);
    // Each sold ceil8(10005 / 40000 = 0.250125) = 0.250125 BTC, once: 2 x 0.250125 = 0.50025.
    expect(await treasury(s, 'BTC')).toBe(tb + u('0.50025'));
    const journals = await s.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM journal WHERE kind = 'loan.liquidate' AND reference IN ($1, $2)`,
      [la.id, lb.id],
    );
    expect(journals[0]?.n).toBe(2);
    expect((await notices(s, a.user.id, 'loan.liquidated')).length).toBe(1);
    // A restart, then the job again: nothing more.
    s = await s.restart();
    manualClock(s).set(now + 10 * HOUR);
    await s.jobs.runDue();
    expect(await treasury(s, 'BTC')).toBe(tb + u('0.50025'));
    expect(await funding(s, a.user.id, 'BTC')).toEqual({ available: '0.749875', frozen: '0' });
    await setPrice(s, 'BTC', '60000');
  });

  it('goes on after a restart: the new instance’s job liquidates an overdue loan, once', async () => {
    const start = manualClock(s).now() + DAY;
    await at(s, start);
    const b = await borrower(s);
    const loan = await borrow(s, b.token, reviewer, { productId: product, amount: '1000', termDays: 7 });
    s = await s.restart();
    // 3 days past due: 1000 + 3.5 + 3 x (0.55 + 0.035) = 1005.255 owed; sold ceil8(1005.255 / 60000).
    await at(s, start + 10 * DAY + HOUR);
    await at(s, start + 10 * DAY + 2 * HOUR);
    const done = await loanOf(s, b.token, loan.id);
    expect(done.liquidation).toMatchObject({ reason: 'overdue', owed: '1005.255', sold: '0.01675425' });
    const journals = await s.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM journal WHERE kind = 'loan.liquidate' AND reference = $1`,
      [loan.id],
    );
    expect(journals[0]?.n).toBe(1);
  });

  it('lets exactly one of a repayment and a liquidation racing win, balances consistent', async () => {
    const start = manualClock(s).now() + DAY;
    await at(s, start);
    const b = await borrower(s);
    const loan = await borrow(s, b.token, reviewer, { productId: product, amount: '10000', termDays: 7 });
    await setPrice(s, 'BTC', '40000');
    const now = start + HOUR;
    manualClock(s).set(now);
    // Day 1 of 7: 10000 + 5 + 0.5 x (35 - 5) = 10020.
    const [paid, watched] = await Promise.all([
      repay(s, b.token, { id: loan.id, amount: '10020' }),
      watchLoans(s.ctx, now),
    ]);
    const after = await loanOf(s, b.token, loan.id);
    if (paid.body.code === 200) {
      expect(watched).toBe(0);
      expect(after.status).toBe('repaid');
      // 500 + 10000 - 10020 = 480; all BTC back.
      expect(await funding(s, b.user.id, 'USDT')).toEqual({ available: '480', frozen: '0' });
      expect(await funding(s, b.user.id, 'BTC')).toEqual({ available: '1', frozen: '0' });
    } else {
      expect(paid.body.data.error).toBe('loan_not_active');
      expect(watched).toBe(1);
      expect(after.status).toBe('liquidated');
      // Sold 0.250125 of 0.25641026; 1 - 0.250125 = 0.749875 BTC; the 10500 USDT untouched.
      expect(await funding(s, b.user.id, 'BTC')).toEqual({ available: '0.749875', frozen: '0' });
      expect(await funding(s, b.user.id, 'USDT')).toEqual({ available: '10500', frozen: '0' });
    }
    await setPrice(s, 'BTC', '60000');
  });
});

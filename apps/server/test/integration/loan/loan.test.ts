import { formatUnits, parseUnits } from '@otc/core';
import type { LoanQuote } from '@otc/protocol/loan/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DATABASES, manualClock, startServer, type TestServer } from '../support/harness.ts';
import {
  at,
  borrow,
  borrower,
  DAY,
  decide,
  funding,
  HOUR,
  loanOf,
  notices,
  operator,
  repay,
  seededProduct,
  setPrice,
  treasury,
} from './loan-fixtures.ts';

const u = parseUnits;
const f = formatUnits;

/**
 * A 30-day loan walked on the manual clock (decision 0125): 10,000 USDT at 0.05% a day against BTC
 * at 60,000 (65% initial LTV): interest 10000 x 0.0005 x 30 = 150, due 10,150; collateral
 * ceil8(10000 / 0.65 / 60000 = 0.256410256...) = 0.25641026 BTC. Each borrower starts with 1 BTC
 * and 500 USDT.
 */
describe.each(DATABASES)('loans on %s', (kind) => {
  let s: TestServer;
  let product: string;
  let reviewer: () => Promise<string>;
  const T0 = Date.parse('2027-03-02T10:00:00Z');
  beforeAll(async () => {
    // Users' sessions outlive the walk (an operator logs in afresh: `operator`).
    s = await startServer(kind, { clock: 'manual', sessionDays: 3650 });
    manualClock(s).set(Date.parse('2027-03-01T00:00:00Z'));
    await setPrice(s, 'BTC', '60000');
    await setPrice(s, 'ETH', '3000.12345678');
    product = await seededProduct(s);
    reviewer = await operator(s, 'reviewer');
  });
  afterAll(() => s.close());

  it('quotes every figure at today’s index price', async () => {
    await at(s, T0);
    const b = await borrower(s);
    const res = await s.api<LoanQuote>(
      '/api/loan/quote',
      { productId: product, amount: '10000', termDays: 30, collateralAsset: 'BTC' },
      { token: b.token },
    );
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      interest: '150',
      amountDue: '10150',
      dueAt: new Date(T0 + 30 * DAY).toISOString(),
      indexPrice: '60000',
      collateralAmount: '0.25641026',
      collateralAvailable: '1',
      // Owed right after approval 10000 + 5 (day one): 10005 / (0.25641026 x 0.8) = 48774.3743171...
      marginCallPrice: '48774.37431716',
      // 10005 / (0.25641026 x 0.9) = 43354.9993930...
      liquidationPrice: '43354.99939304',
      // 10000 x 0.0005 x 1.1 = 5.5; 1% x 150 = 1.5.
      overdueDailyInterest: '5.5',
      lateFeeDaily: '1.5',
      liquidationOverdueDays: 3,
    });
  });

  it('repays on time: principal + 150 interest, collateral released', async () => {
    await at(s, T0);
    const b = await borrower(s);
    const t0 = await treasury(s, 'USDT');
    // The owner's socket channel hears each change of the loan.
    const heard: string[] = [];
    const stop = s.bus.subscribe((m) => {
      const data = m.data as { kind?: string; loan?: { status: string } };
      if (m.channel === `user:${b.user.id}` && data.kind === 'loan') heard.push(data.loan?.status ?? '');
    });
    const loan = await borrow(s, b.token, reviewer, { productId: product, amount: '10000' });
    expect(loan).toMatchObject({
      collateralAmount: '0.25641026',
      dueAt: new Date(T0 + 30 * DAY).toISOString(),
    });
    // The live book: this loan at LTV 10005 / 15384.6156 = 0.650325 (day one); 0.25641026 x 60000 of collateral.
    const book = await s.api<{ items: { id: string; ltv: string }[]; collateralValue: string }>(
      '/api/admin/loan/book',
      undefined,
      { token: await reviewer() },
    );
    expect(book.body.data.items.find((l) => l.id === loan.id)?.ltv).toBe('0.650325');
    expect(book.body.data.collateralValue).toBe('15384.6156');
    // 500 + 10000 USDT; 1 - 0.25641026 = 0.74358974 BTC available, 0.25641026 frozen.
    expect(await funding(s, b.user.id, 'USDT')).toEqual({ available: '10500', frozen: '0' });
    expect(await funding(s, b.user.id, 'BTC')).toEqual({ available: '0.74358974', frozen: '0.25641026' });
    expect(await treasury(s, 'USDT')).toBe(t0 - u('10000'));
    expect((await notices(s, b.user.id, 'loan.approved')).length).toBe(1);

    // The 30th day (an hour before due): exactly 10000 + 150.
    await at(s, T0 + 30 * DAY - HOUR);
    const now = await loanOf(s, b.token, loan.id);
    expect(now.repayNow).toMatchObject({ interest: '150', earlyPenalty: '0', total: '10150', days: 30 });
    const paid = await repay(s, b.token, { id: loan.id, amount: '10150' });
    expect(paid.body.code, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.data).toMatchObject({ status: 'repaid', repaid: true, repayment: { total: '10150' } });
    // 10500 - 10150 = 350 USDT; the BTC all available again; the treasury +150 net.
    expect(await funding(s, b.user.id, 'USDT')).toEqual({ available: '350', frozen: '0' });
    expect(await funding(s, b.user.id, 'BTC')).toEqual({ available: '1', frozen: '0' });
    expect(await treasury(s, 'USDT')).toBe(t0 + u('150'));
    stop();
    expect(heard).toEqual(['pending', 'active', 'repaid']);
  });

  it('repays early on day 10: interest to date + half the rest; a stale figure changes nothing', async () => {
    const start = T0 + 40 * DAY;
    await at(s, start);
    const b = await borrower(s);
    const t0 = await treasury(s, 'USDT');
    const loan = await borrow(s, b.token, reviewer, { productId: product, amount: '10000' });
    // Day 9: 10000 + 45 + 0.5 x (150 - 45) = 10097.5 shown.
    await at(s, start + 8.5 * DAY);
    expect((await loanOf(s, b.token, loan.id)).repayNow?.total).toBe('10097.5');
    // A day turns before the user confirms: day 10 owes 10000 + 50 + 0.5 x 100 = 10100.
    await at(s, start + 9.5 * DAY);
    const stale = await repay(s, b.token, { id: loan.id, amount: '10097.5' });
    expect(stale.body.data.error).toBe('loan_repay_changed');
    expect(await funding(s, b.user.id, 'USDT')).toEqual({ available: '10500', frozen: '0' });
    const paid = await repay(s, b.token, { id: loan.id, amount: '10100' });
    expect(paid.body.data.repayment).toMatchObject({
      interest: '50',
      earlyPenalty: '50',
      total: '10100',
      days: 10,
    });
    // 10500 - 10100 = 400 USDT; treasury -10000 + 10100 = +100.
    expect(await funding(s, b.user.id, 'USDT')).toEqual({ available: '400', frozen: '0' });
    expect(await funding(s, b.user.id, 'BTC')).toEqual({ available: '1', frozen: '0' });
    expect(await treasury(s, 'USDT')).toBe(t0 + u('100'));
  });

  it('repays 2 days overdue: 2 x (5.5 + 1.5) more, the overdue notice once', async () => {
    const start = T0 + 80 * DAY;
    await at(s, start);
    const b = await borrower(s);
    const t0 = await treasury(s, 'USDT');
    const loan = await borrow(s, b.token, reviewer, { productId: product, amount: '10000' });
    const due = start + 30 * DAY;
    await at(s, due + HOUR);
    await at(s, due + 47 * HOUR);
    expect((await notices(s, b.user.id, 'loan.overdue')).length).toBe(1);
    const now = await loanOf(s, b.token, loan.id);
    // 10150 + 2 x 5.5 + 2 x 1.5 = 10164.
    expect(now).toMatchObject({ overdue: true, status: 'active' });
    expect(now.repayNow).toMatchObject({
      overdueInterest: '11',
      lateFee: '3',
      total: '10164',
      overdueDays: 2,
    });
    expect((await repay(s, b.token, { id: loan.id, amount: '10164' })).body.code).toBe(200);
    // 10500 - 10164 = 336; treasury +164.
    expect(await funding(s, b.user.id, 'USDT')).toEqual({ available: '336', frozen: '0' });
    expect(await funding(s, b.user.id, 'BTC')).toEqual({ available: '1', frozen: '0' });
    expect(await treasury(s, 'USDT')).toBe(t0 + u('164'));
  });

  it('liquidates at 3 days overdue, charging 3 days however late the job runs', async () => {
    const start = T0 + 120 * DAY;
    await at(s, start);
    const b = await borrower(s);
    const t0 = await treasury(s, 'USDT');
    const tb = await treasury(s, 'BTC');
    const loan = await borrow(s, b.token, reviewer, { productId: product, amount: '10000' });
    // The job first runs 4 days after due: owed 10150 + 3 x 7 = 10171 (not 4 days).
    await at(s, start + 34 * DAY);
    const done = await loanOf(s, b.token, loan.id);
    // Sold ceil8(10171 / 60000 = 0.1695166...) = 0.16951667; released 0.25641026 - 0.16951667 = 0.08689359.
    expect(done).toMatchObject({
      status: 'liquidated',
      debt: '0',
      liquidation: {
        reason: 'overdue',
        price: '60000',
        owed: '10171',
        sold: '0.16951667',
        released: '0.08689359',
        shortfall: '0',
      },
    });
    // BTC: 1 - 0.16951667 = 0.83048333, nothing frozen; the USDT lent stays with the user (10500).
    expect(await funding(s, b.user.id, 'BTC')).toEqual({ available: '0.83048333', frozen: '0' });
    expect(await funding(s, b.user.id, 'USDT')).toEqual({ available: '10500', frozen: '0' });
    expect(await treasury(s, 'USDT')).toBe(t0 - u('10000'));
    expect(await treasury(s, 'BTC')).toBe(tb + u('0.16951667'));
    const told = await notices(s, b.user.id, 'loan.liquidated');
    expect(told.map((n) => n.params)).toEqual([
      expect.objectContaining({ cause: 'overdue', sold: '0.16951667', released: '0.08689359' }),
    ]);
    // The inbox reads it in the user's language, the cause in words.
    const inbox = await s.api<{ items: { kind: string; title: string; body: string }[] }>(
      '/api/common/noticelist',
      {},
      { token: b.token, lang: 'de' },
    );
    const note = inbox.body.data.items.find((n) => n.kind === 'loan.liquidated');
    expect(note?.title).toBe('Kredit liquidiert');
    expect(note?.body).toContain('weil der Kredit 3 Tage überfällig war');
    expect(note?.body).toContain('0.16951667 BTC');
    // Repaying now: not open.
    expect((await repay(s, b.token, { id: loan.id, amount: '10171' })).body.data.error).toBe(
      'loan_not_active',
    );
  });

  it('calls for margin once per crossing, then liquidates at the liquidation LTV with the surplus released', async () => {
    const start = T0 + 160 * DAY;
    await at(s, start);
    const b = await borrower(s);
    const tb = await treasury(s, 'BTC');
    const loan = await borrow(s, b.token, reviewer, { productId: product, amount: '10000' });
    // Day 1, 47000: LTV 10005 / (0.25641026 x 47000) = 0.8302 >= 0.8: one notice, however often the job runs.
    await setPrice(s, 'BTC', '47000');
    await at(s, start + HOUR);
    await at(s, start + 2 * HOUR);
    expect((await notices(s, b.user.id, 'loan.margin_call')).length).toBe(1);
    expect((await loanOf(s, b.token, loan.id)).marginCalled).toBe(true);
    // Back at 60000 (0.65): cleared; 47000 again: a second crossing, a second notice.
    await setPrice(s, 'BTC', '60000');
    await at(s, start + 3 * HOUR);
    expect((await loanOf(s, b.token, loan.id)).marginCalled).toBe(false);
    await setPrice(s, 'BTC', '47000');
    await at(s, start + 4 * HOUR);
    expect((await notices(s, b.user.id, 'loan.margin_call')).length).toBe(2);
    // Day 2 at 43000: owed 10000 + 10 = 10010; LTV 10010 / (0.25641026 x 43000) = 0.9079 >= 0.9.
    await setPrice(s, 'BTC', '43000');
    await at(s, start + 25 * HOUR);
    const done = await loanOf(s, b.token, loan.id);
    // Sold ceil8(10010 / 43000 = 0.2327906976...) = 0.2327907; released 0.25641026 - 0.2327907 = 0.02361956.
    expect(done.liquidation).toMatchObject({
      reason: 'ltv',
      owed: '10010',
      sold: '0.2327907',
      released: '0.02361956',
      shortfall: '0',
    });
    expect(await funding(s, b.user.id, 'BTC')).toEqual({ available: '0.7672093', frozen: '0' });
    expect(await treasury(s, 'BTC')).toBe(tb + u('0.2327907'));
    await setPrice(s, 'BTC', '60000');
  });

  it('records a shortfall as debt (ETH at a price of many decimals) and takes it repaid', async () => {
    const start = T0 + 200 * DAY;
    await at(s, start);
    const b = await borrower(s, { ETH: '1', USDT: '500' });
    const t0 = await treasury(s, 'USDT');
    const te = await treasury(s, 'ETH');
    // 1000 / 0.65 / 3000.12345678 = 0.51279940996...: 0.51279941 ETH frozen.
    const loan = await borrow(s, b.token, reviewer, {
      productId: product,
      amount: '1000',
      collateralAsset: 'ETH',
    });
    expect(loan.collateralAmount).toBe('0.51279941');
    // Day 1 at 1500.5: owed 1000 + 0.5 = 1000.5; the collateral fetches 0.51279941 x 1500.5 =
    // 769.455514705; all sold, shortfall 1000.5 - 769.455514705 = 231.044485295, up to 231.0444853.
    await setPrice(s, 'ETH', '1500.5');
    await at(s, start + HOUR);
    const done = await loanOf(s, b.token, loan.id);
    expect(done).toMatchObject({
      status: 'liquidated',
      debt: '231.0444853',
      liquidation: { sold: '0.51279941', released: '0', shortfall: '231.0444853' },
    });
    expect(await funding(s, b.user.id, 'ETH')).toEqual({ available: '0.48720059', frozen: '0' });
    const summary = await s.api<{ debt: string }>('/api/common/userdebt', {}, { token: b.token });
    expect(summary.body.data.debt).toBe('231.0444853');
    // The debt is repaid by the same call, confirming it.
    const paid = await repay(s, b.token, { id: loan.id, amount: '231.0444853' });
    expect(paid.body.code, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.data.debt).toBe('0');
    // USDT 500 + 1000 - 231.0444853 = 1268.9555147; treasury -1000 + 231.0444853 = -768.9555147.
    expect(await funding(s, b.user.id, 'USDT')).toEqual({ available: '1268.9555147', frozen: '0' });
    expect(await treasury(s, 'USDT')).toBe(t0 - u('768.9555147'));
    expect(await treasury(s, 'ETH')).toBe(te + u('0.51279941'));
    await setPrice(s, 'ETH', '3000.12345678');
  });

  it('needs two different operators above the threshold; support may not decide', async () => {
    const start = T0 + 240 * DAY;
    await at(s, start);
    const b = await borrower(s);
    const admin = (await s.api<{ token: string }>('/api/admin/login', ADMIN)).body.data.token;
    const support = await (await operator(s, 'support'))();
    const checker = await reviewer();
    const t0 = await treasury(s, 'USDT');
    const applied = await s.api<{ id: string }>(
      '/api/loan/apply',
      {
        productId: product,
        amount: '15000',
        termDays: 30,
        collateralAsset: 'BTC',
        agreement: true,
        tradePassword: 'Secret123',
        idempotencyKey: `four-eyes-${kind}`,
      },
      { token: b.token },
    );
    const id = applied.body.data.id;
    const bySupport = await decide(s, support, { id, decision: 'approve' });
    expect(bySupport.status).toBe(403);
    const first = await decide(s, checker, { id, decision: 'approve' });
    expect(first.body.data).toMatchObject({ status: 'pending', approvalsNeeded: 2, approvals: 1 });
    // Nothing moved on one approval.
    expect(await funding(s, b.user.id, 'USDT')).toEqual({ available: '500', frozen: '0' });
    const queue = await s.api<{ items: { id: string; approvals: number; account: string }[] }>(
      '/api/admin/loan/list?status=pending',
      undefined,
      { token: checker },
    );
    expect(queue.body.data.items.find((l) => l.id === id)).toMatchObject({ approvals: 1, account: b.email });
    const again = await decide(s, checker, { id, decision: 'approve' });
    expect(again.body.data.error).toBe('loan_second_approver');
    const second = await decide(s, admin, { id, decision: 'approve' });
    expect(second.body.data).toMatchObject({
      status: 'active',
      approvals: 2,
      collateralAmount: '0.38461539',
    });
    // 15000 / 0.65 / 60000 = 0.384615384...: 0.38461539 BTC frozen; 15000 credited.
    expect(await funding(s, b.user.id, 'BTC')).toEqual({ available: '0.61538461', frozen: '0.38461539' });
    expect(await treasury(s, 'USDT')).toBe(t0 - u('15000'));
    // Day 1: 15000 + 7.5 + 0.5 x (225 - 7.5) = 15116.25.
    expect((await repay(s, b.token, { id, amount: '15116.25' })).body.code).toBe(200);
    expect(await funding(s, b.user.id, 'USDT')).toEqual({
      available: f(u('15500') - u('15116.25')),
      frozen: '0',
    });
  });

  it('rejects with a reason and tells the user', async () => {
    await at(s, T0 + 250 * DAY);
    const b = await borrower(s);
    const applied = await s.api<{ id: string }>(
      '/api/loan/apply',
      {
        productId: product,
        amount: '1000',
        termDays: 7,
        collateralAsset: 'BTC',
        agreement: true,
        tradePassword: 'Secret123',
        idempotencyKey: `reject-${kind}`,
      },
      { token: b.token },
    );
    const id = applied.body.data.id;
    const checker = await reviewer();
    expect((await decide(s, checker, { id, decision: 'reject' })).body.data).toMatchObject({
      error: 'field_required',
      field: 'reason',
    });
    const out = await decide(s, checker, { id, decision: 'reject', reason: 'Documents unreadable' });
    expect(out.body.data).toMatchObject({ status: 'rejected', reason: 'Documents unreadable' });
    expect((await notices(s, b.user.id, 'loan.rejected')).map((n) => n.params.reason)).toEqual([
      'Documents unreadable',
    ]);
    expect((await decide(s, checker, { id, decision: 'approve' })).body.data.error).toBe('loan_not_pending');
    expect(await funding(s, b.user.id, 'BTC')).toEqual({ available: '1', frozen: '0' });
  });
});

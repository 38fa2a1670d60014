import {
  ageOn,
  availableLimit,
  canonicalDecimal,
  collateralFor,
  formatUnits,
  isDecimal,
  loanInterest,
  overdueDaily,
  parseUnits,
  priceAtLtv,
  repayment,
  type Units,
} from '@otc/core';
import type { Realm } from '@otc/protocol/ledger/schemas';
import {
  LOAN_AGE_MIN,
  LOAN_DEFAULT_LIMIT,
  LOAN_EARLY_PENALTY_SHARE,
  LOAN_LIQUIDATION_OVERDUE_DAYS,
} from '@otc/protocol/loan/constants';
import type {
  Loan,
  LoanApplyBody,
  LoanCertification,
  LoanCertificationFields,
  LoanCollateralBody,
  LoanProduct,
  LoanQuote,
  LoanQuoteBody,
  LoanRepayBody,
  LoanSummary,
} from '@otc/protocol/loan/schemas';
import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/db.ts';
import { fail, failField } from '../http/errors.ts';
import { verificationLevel } from '../kyc/index.ts';
import { callerRealm, findAsset } from '../ledger/index.ts';
import { indexPrices } from '../market/index.ts';
import { idempotency, once, post, saveResult } from '../postings/index.ts';
import { findOwnUpload } from '../uploads/index.ts';
import { checkTradePassword } from '../users/index.ts';
import { announceLoan } from './announce.ts';
import { collateralLegs, debtLegs, disburse, repayLegs } from './money.ts';
import * as queries from './queries.ts';
import { type LoanRow, type ProductRow, repaymentView, termsOf, toLoan, toProduct } from './rows.ts';

/** Serializes one user's applications (the pending check and the limit), apart from other lock spaces. */
const APPLY_LOCKS = 0x10a;

/** The collateral asset's index price, or undefined. */
async function priceOf(q: Queryable, asset: string): Promise<Units | undefined> {
  return (await indexPrices(q)).get(asset)?.price;
}

/** A loan as its owner sees it now. */
export async function readLoan(ctx: AppContext, q: Queryable, id: string): Promise<Loan> {
  const row = await queries.loan(q, id);
  if (!row) failField('loan_unknown', 'id');
  return toLoan(row, ctx.clock.now(), await priceOf(q, row.collateral_asset));
}

/**
 * Loans' use cases for users (issue 26, decision 0125): the products, the summary, a quote, the
 * application, the records, repaying and adding collateral, the certification.
 */
export class LoanService {
  constructor(private readonly ctx: AppContext) {}

  async products(): Promise<LoanProduct[]> {
    return (await queries.products(this.ctx.db, true)).map(toProduct);
  }

  async summary(userId: string): Promise<LoanSummary> {
    const q = this.ctx.db;
    const open = await queries.openOf(q, userId);
    const now = this.ctx.clock.now();
    const active = await queries.userLoans(q, userId, 'active');
    let owed = 0n;
    for (const row of active) owed += repayment(termsOf(row), now).total;
    const cert = await queries.certification(q, userId);
    return {
      asset: 'USDT',
      totalLimit: LOAN_DEFAULT_LIMIT,
      availableLimit: formatUnits(availableLimit(parseUnits(LOAN_DEFAULT_LIMIT), parseUnits(open.open))),
      outstandingPrincipal: canonicalDecimal(open.active),
      owedNow: formatUnits(owed),
      debt: canonicalDecimal(open.debt),
      activeLoans: Number(open.active_n),
      pendingApplications: Number(open.pending),
      kycAdvanced: (await verificationLevel(q, userId)) === 'advanced',
      certified: cert !== undefined,
    };
  }

  /**
   * Every figure before applying, refused as the application would be: an unknown or closed
   * product, a term not offered, a collateral asset not accepted (or without an index price), an
   * amount outside the product's range or the user's available limit (`loan_amount`).
   */
  async quote(userId: string, body: LoanQuoteBody): Promise<LoanQuote> {
    return this.quoteIn(this.ctx.db, userId, await callerRealm(this.ctx, userId), body);
  }

  /** The quote in a transaction (`q`: on PGlite the database itself would wait for it). */
  private async quoteIn(q: Queryable, userId: string, realm: Realm, body: LoanQuoteBody): Promise<LoanQuote> {
    const product = await queries.product(q, body.productId);
    if (!product) failField('loan_product_unknown', 'productId');
    if (product.status !== 'open') failField('loan_product_closed', 'productId');
    if (!product.terms.map(Number).includes(body.termDays)) failField('loan_term', 'termDays');
    if (!product.collateral_assets.includes(body.collateralAsset))
      failField('loan_collateral_asset', 'collateralAsset');
    const price = await priceOf(q, body.collateralAsset);
    if (price === undefined) failField('loan_collateral_asset', 'collateralAsset');
    const asset = await findAsset(q, product.asset);
    if (!isDecimal(body.amount, asset.decimals))
      failField('amount_precision', 'amount', { decimals: asset.decimals });
    const amount = parseUnits(body.amount);
    const open = await queries.openOf(q, userId);
    const left = availableLimit(parseUnits(LOAN_DEFAULT_LIMIT), parseUnits(open.open));
    if (amount < parseUnits(product.min_amount) || amount > parseUnits(product.max_amount) || amount > left)
      failField('loan_amount', 'amount');
    return this.figures(q, userId, realm, product, amount, body, price);
  }

  private async figures(
    q: Queryable,
    userId: string,
    realm: Realm,
    product: ProductRow,
    amount: Units,
    body: LoanQuoteBody,
    price: Units,
  ): Promise<LoanQuote> {
    const now = this.ctx.clock.now();
    const rate = parseUnits(product.daily_rate);
    const interest = loanInterest(amount, rate, body.termDays);
    const collateral = collateralFor(amount, parseUnits(product.initial_ltv), price);
    // Owed right after approval: the principal and day one's interest.
    const owed = amount + loanInterest(amount, rate, 1);
    const daily = overdueDaily(amount, rate, interest);
    return {
      productId: product.id,
      asset: product.asset,
      amount: formatUnits(amount),
      termDays: body.termDays,
      dailyRate: canonicalDecimal(product.daily_rate),
      interest: formatUnits(interest),
      amountDue: formatUnits(amount + interest),
      dueAt: new Date(now + body.termDays * 86_400_000).toISOString(),
      collateralAsset: body.collateralAsset,
      indexPrice: formatUnits(price),
      collateralAmount: formatUnits(collateral),
      collateralAvailable: canonicalDecimal(await queries.available(q, realm, userId, body.collateralAsset)),
      initialLtv: canonicalDecimal(product.initial_ltv),
      marginCallLtv: canonicalDecimal(product.margin_call_ltv),
      marginCallPrice: formatUnits(priceAtLtv(owed, collateral, parseUnits(product.margin_call_ltv))),
      liquidationLtv: canonicalDecimal(product.liquidation_ltv),
      liquidationPrice: formatUnits(priceAtLtv(owed, collateral, parseUnits(product.liquidation_ltv))),
      overdueDailyInterest: formatUnits(daily.interest),
      lateFeeDaily: formatUnits(daily.lateFee),
      liquidationOverdueDays: LOAN_LIQUIDATION_OVERDUE_DAYS,
      earlyPenaltyShare: LOAN_EARLY_PENALTY_SHARE,
    };
  }

  /**
   * Applies (idempotent under the key, stored on the loan row: an application moves no money until
   * approved). Live users: the transaction password, advanced verification, a certification on
   * file, 18 or older, one pending application at a time, the collateral in hand at today's price.
   * Demo users borrow play money: none of that, approved at once from the demo treasury.
   */
  async apply(userId: string, body: LoanApplyBody): Promise<Loan> {
    const request = {
      op: 'loan.apply',
      productId: body.productId,
      amount: canonicalDecimal(body.amount),
      termDays: body.termDays,
      collateralAsset: body.collateralAsset,
    };
    const idem = idempotency(userId, body.idempotencyKey, request);
    const earlier = await this.earlierApplication(this.ctx.db, idem);
    if (earlier) return earlier;
    if (!body.agreement) failField('agreement_required', 'agreement');
    const realm = await callerRealm(this.ctx, userId);
    // The figures' refusals first (they name what to change), then who the user is.
    await this.quoteIn(this.ctx.db, userId, realm, body);
    if (realm === 'live') await this.mayBorrow(userId, body.tradePassword);
    let made: { loan: Loan; realm: Realm; fresh: boolean } | undefined;
    const loan = await this.ctx.db.tx(async (q) => {
      await q.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [APPLY_LOCKS, userId]);
      const again = await this.earlierApplication(q, idem);
      if (again) return again;
      const open = await queries.openOf(q, userId);
      if (Number(open.pending) > 0) fail('loan_pending_exists');
      // Checked again under the lock: the limit counts what was applied for meanwhile.
      const quote = await this.quoteIn(q, userId, realm, body);
      if (parseUnits(quote.collateralAvailable) < parseUnits(quote.collateralAmount))
        failField('loan_collateral_short', 'collateralAsset');
      const product = (await queries.product(q, body.productId)) as ProductRow;
      const now = this.ctx.clock.now();
      const id = await queries.insertLoan(q, {
        userId,
        realm,
        productId: product.id,
        asset: product.asset,
        amount: quote.amount,
        termDays: body.termDays,
        dailyRate: product.daily_rate,
        interest: quote.interest,
        initialLtv: product.initial_ltv,
        marginCallLtv: product.margin_call_ltv,
        liquidationLtv: product.liquidation_ltv,
        collateralAsset: body.collateralAsset,
        collateralAmount: quote.collateralAmount,
        approvalsNeeded:
          parseUnits(quote.amount) > parseUnits(this.ctx.config.loans.secondApprovalAbove) ? 2 : 1,
        appliedAt: new Date(now).toISOString(),
        applyKey: idem.idempotencyKey,
        applyHash: idem.requestHash,
      });
      if (realm === 'demo') {
        const row = (await queries.loan(q, id, { lock: true })) as LoanRow;
        await disburse(q, row, parseUnits(quote.indexPrice), now);
      }
      const done = await readLoan(this.ctx, q, id);
      made = { loan: done, realm, fresh: true };
      return done;
    });
    if (made?.fresh) await announceLoan(this.ctx, userId, made.realm, made.loan);
    return loan;
  }

  /** The application an idempotency key already made: the same request answers it, another is refused. */
  private async earlierApplication(
    q: Queryable,
    idem: { idempotencyKey: string; requestHash: string },
  ): Promise<Loan | undefined> {
    const found = await queries.loanByApplyKey(q, idem.idempotencyKey);
    if (!found) return undefined;
    if (found.hash !== idem.requestHash) fail('idempotency_conflict');
    return readLoan(this.ctx, q, found.id);
  }

  /** A live borrower: the transaction password, advanced verification, the certification, 18 or older. */
  private async mayBorrow(userId: string, password: string | undefined): Promise<void> {
    if (password === undefined) failField('field_required', 'tradePassword');
    await checkTradePassword(this.ctx, userId, password);
    if ((await verificationLevel(this.ctx.db, userId)) !== 'advanced') fail('loan_kyc_required');
    const cert = await queries.certification(this.ctx.db, userId);
    if (!cert) fail('loan_certification_required');
    if (ageOn(cert.fields.birthDate, this.ctx.clock.now()) < LOAN_AGE_MIN)
      fail('loan_underage', { age: LOAN_AGE_MIN });
  }

  async records(
    userId: string,
    body: { status?: 'open' | 'closed' | undefined; page: number; pageSize: number },
  ): Promise<{ items: Loan[]; total: number }> {
    const all = await queries.userLoans(this.ctx.db, userId, 'all');
    const open = (r: LoanRow) => r.status === 'pending' || r.status === 'active' || parseUnits(r.debt) > 0n;
    const rows = body.status === undefined ? all : all.filter((r) => open(r) === (body.status === 'open'));
    const page = rows.slice((body.page - 1) * body.pageSize, body.page * body.pageSize);
    const prices = await indexPrices(this.ctx.db);
    const now = this.ctx.clock.now();
    return {
      items: page.map((r) => toLoan(r, now, prices.get(r.collateral_asset)?.price)),
      total: rows.length,
    };
  }

  /**
   * Repays in one payment what is owed now, the amount the user confirmed (a day having turned in
   * between answers `loan_repay_changed`, nothing moved); the collateral is unfrozen. A liquidated
   * loan's shortfall is repaid by the same call, confirming the debt.
   */
  async repay(userId: string, body: LoanRepayBody): Promise<Loan> {
    const realm = await callerRealm(this.ctx, userId);
    await this.password(userId, realm, body.tradePassword);
    const request = { op: 'loan.repay', id: body.id, amount: canonicalDecimal(body.amount) };
    let fresh = false;
    const done = await once(this.ctx.db, userId, body.idempotencyKey, request, async (q, idem) => {
      const row = await queries.loan(q, body.id, { userId, lock: true });
      if (!row) failField('loan_unknown', 'id');
      const now = this.ctx.clock.now();
      const confirmed = parseUnits(body.amount);
      let journalId: string;
      if (row.status === 'active') {
        const owed = repayment(termsOf(row), now);
        if (owed.total !== confirmed) failField('loan_repay_changed', 'amount');
        journalId = await post(q, {
          realm: row.realm,
          kind: 'loan.repay',
          reference: row.id,
          legs: repayLegs(row, owed.total),
          ...idem,
        });
        await queries.repaid(q, row.id, repaymentView(owed), new Date(now).toISOString(), journalId);
      } else if (row.status === 'liquidated' && parseUnits(row.debt) > 0n) {
        const debt = parseUnits(row.debt);
        if (debt !== confirmed) failField('loan_repay_changed', 'amount');
        journalId = await post(q, {
          realm: row.realm,
          kind: 'loan.repay',
          reference: row.id,
          legs: debtLegs(row, debt),
          ...idem,
        });
        await queries.debtPaid(q, row.id, journalId);
      } else fail('loan_not_active');
      const loan = await readLoan(this.ctx, q, row.id);
      await saveResult(q, journalId, loan);
      fresh = true;
      return loan;
    });
    if (fresh) await announceLoan(this.ctx, userId, realm, done);
    return done;
  }

  /** Freezes more of the collateral asset for an active loan (its LTV goes down). */
  async addCollateral(userId: string, body: LoanCollateralBody): Promise<Loan> {
    const realm = await callerRealm(this.ctx, userId);
    await this.password(userId, realm, body.tradePassword);
    const request = { op: 'loan.collateral', id: body.id, amount: canonicalDecimal(body.amount) };
    let fresh = false;
    const done = await once(this.ctx.db, userId, body.idempotencyKey, request, async (q, idem) => {
      const row = await queries.loan(q, body.id, { userId, lock: true });
      if (!row) failField('loan_unknown', 'id');
      if (row.status !== 'active') fail('loan_not_active');
      const asset = await findAsset(q, row.collateral_asset);
      if (!isDecimal(body.amount, asset.decimals))
        failField('amount_precision', 'amount', { decimals: asset.decimals });
      const amount = parseUnits(body.amount);
      const journalId = await post(q, {
        realm: row.realm,
        kind: 'loan.collateral',
        reference: row.id,
        legs: collateralLegs(row, amount),
        ...idem,
      });
      await queries.addCollateral(q, row.id, formatUnits(amount));
      const loan = await readLoan(this.ctx, q, row.id);
      await saveResult(q, journalId, loan);
      fresh = true;
      return loan;
    });
    if (fresh) await announceLoan(this.ctx, userId, realm, done);
    return done;
  }

  async certification(userId: string): Promise<LoanCertification> {
    const row = await queries.certification(this.ctx.db, userId);
    return {
      certification: row ? { ...row.fields, submittedAt: new Date(row.submitted_at).toISOString() } : null,
    };
  }

  /** Stores (or replaces) the certification; every document must be one of the caller's own loan_document uploads. */
  async certify(userId: string, fields: LoanCertificationFields): Promise<LoanCertification> {
    const uploads: [string, string][] = [
      ['idPhoto', fields.idPhoto],
      ...fields.bankCards.map((id): [string, string] => ['bankCards', id]),
      ...fields.assetProofs.map((id): [string, string] => ['assetProofs', id]),
      ...fields.transactionRecords.map((id): [string, string] => ['transactionRecords', id]),
      ...(['propertyCertificate', 'workCertificate', 'otherAssets'] as const).flatMap(
        (k): [string, string][] => (fields[k] === undefined ? [] : [[k, fields[k] as string]]),
      ),
    ];
    for (const [field, id] of uploads)
      if (!(await findOwnUpload(this.ctx.db, id, userId, 'loan_document')))
        failField('loan_certification_uploads', field);
    await queries.saveCertification(
      this.ctx.db,
      userId,
      fields,
      new Date(this.ctx.clock.now()).toISOString(),
    );
    return this.certification(userId);
  }

  /** Money leaves a live user's hands only with the transaction password; a demo user has none. */
  private async password(userId: string, realm: Realm, password: string | undefined): Promise<void> {
    if (realm === 'demo') return;
    if (password === undefined) failField('field_required', 'tradePassword');
    await checkTradePassword(this.ctx, userId, password);
  }
}

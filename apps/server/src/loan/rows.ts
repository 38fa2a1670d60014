import {
  canonicalDecimal,
  formatUnits,
  LOAN_DAY_MS,
  type LoanTerms,
  loanLtv,
  owedNow,
  parseUnits,
  priceAtLtv,
  type Repayment,
  repayment,
  type Units,
} from '@otc/core';
import type { Realm } from '@otc/protocol/ledger/schemas';
import type { Loan, LoanProduct, LoanRepayment, LoanStatus } from '@otc/protocol/loan/schemas';

export const PRODUCT_COLUMNS = `p.id::text AS id, p.name, p.asset, p.min_amount::text AS min_amount,
  p.max_amount::text AS max_amount, p.terms, p.daily_rate::text AS daily_rate, p.initial_ltv::text AS initial_ltv,
  p.margin_call_ltv::text AS margin_call_ltv, p.liquidation_ltv::text AS liquidation_ltv,
  p.collateral_assets, p.status`;

export interface ProductRow {
  id: string;
  name: string;
  asset: string;
  min_amount: string;
  max_amount: string;
  terms: number[];
  daily_rate: string;
  initial_ltv: string;
  margin_call_ltv: string;
  liquidation_ltv: string;
  collateral_assets: string[];
  status: 'open' | 'closed';
}

export const toProduct = (r: ProductRow): LoanProduct => ({
  id: r.id,
  name: r.name,
  asset: r.asset,
  minAmount: canonicalDecimal(r.min_amount),
  maxAmount: canonicalDecimal(r.max_amount),
  terms: r.terms.map(Number).sort((a, b) => a - b),
  dailyRate: canonicalDecimal(r.daily_rate),
  initialLtv: canonicalDecimal(r.initial_ltv),
  marginCallLtv: canonicalDecimal(r.margin_call_ltv),
  liquidationLtv: canonicalDecimal(r.liquidation_ltv),
  collateralAssets: r.collateral_assets,
});

/** A loan's columns with its product's name. */
export const LOAN_COLUMNS = `l.id::text AS id, l.user_id::text AS user_id, l.realm, l.product_id::text AS product_id,
  p.name AS product_name, l.asset, l.amount::text AS amount, l.term_days, l.daily_rate::text AS daily_rate,
  l.interest::text AS interest, l.initial_ltv::text AS initial_ltv, l.margin_call_ltv::text AS margin_call_ltv,
  l.liquidation_ltv::text AS liquidation_ltv, l.collateral_asset, l.collateral_amount::text AS collateral_amount,
  l.status, l.approvals_needed, l.applied_at, l.approved_at, l.due_at, l.closed_at, l.reason, l.margin_called_at,
  l.overdue_noticed_at, l.repayment, l.liquidation, l.debt::text AS debt`;

export interface LoanRow {
  id: string;
  user_id: string;
  realm: Realm;
  product_id: string;
  product_name: string;
  asset: string;
  amount: string;
  term_days: number;
  daily_rate: string;
  interest: string;
  initial_ltv: string;
  margin_call_ltv: string;
  liquidation_ltv: string;
  collateral_asset: string;
  collateral_amount: string;
  status: LoanStatus;
  approvals_needed: number;
  applied_at: Date | string;
  approved_at: Date | string | null;
  due_at: Date | string | null;
  closed_at: Date | string | null;
  reason: string | null;
  margin_called_at: Date | string | null;
  overdue_noticed_at: Date | string | null;
  repayment: LoanRepayment | null;
  liquidation: Loan['liquidation'];
  debt: string;
}

const iso = (t: Date | string) => new Date(t).toISOString();
const ms = (t: Date | string) => new Date(t).getTime();

/** The loan's fixed terms, once approved. */
export function termsOf(r: LoanRow): LoanTerms {
  if (r.approved_at === null || r.due_at === null) throw new Error(`loan ${r.id} is not approved`);
  return {
    principal: parseUnits(r.amount),
    dailyRate: parseUnits(r.daily_rate),
    termDays: Number(r.term_days),
    interest: parseUnits(r.interest),
    approvedMs: ms(r.approved_at),
    dueMs: ms(r.due_at),
  };
}

/** A repayment's lines as the wire carries them. */
export const repaymentView = (r: Repayment): LoanRepayment => ({
  principal: formatUnits(r.principal),
  interest: formatUnits(r.interest),
  earlyPenalty: formatUnits(r.earlyPenalty),
  overdueInterest: formatUnits(r.overdueInterest),
  lateFee: formatUnits(r.lateFee),
  total: formatUnits(r.total),
  days: r.days,
  overdueDays: r.overdueDays,
});

/**
 * A loan as its owner sees it at `nowMs`, with the collateral asset's index price (undefined when
 * it has none): while active, what repaying takes now, the LTV and the trigger prices.
 */
export function toLoan(r: LoanRow, nowMs: number, price: Units | undefined): Loan {
  const active = r.status === 'active';
  const collateral = parseUnits(r.collateral_amount);
  let live: Pick<Loan, 'ltv' | 'marginCallPrice' | 'liquidationPrice' | 'repayNow' | 'overdue'> = {
    ltv: null,
    marginCallPrice: null,
    liquidationPrice: null,
    repayNow: null,
    overdue: false,
  };
  if (active) {
    const terms = termsOf(r);
    const owed = owedNow(terms, nowMs);
    live = {
      repayNow: repaymentView(repayment(terms, nowMs)),
      overdue: nowMs > terms.dueMs,
      ltv: price === undefined ? null : formatUnits(loanLtv(owed, collateral, price)),
      marginCallPrice: formatUnits(priceAtLtv(owed, collateral, parseUnits(r.margin_call_ltv))),
      liquidationPrice: formatUnits(priceAtLtv(owed, collateral, parseUnits(r.liquidation_ltv))),
    };
  }
  return {
    id: r.id,
    productId: r.product_id,
    productName: r.product_name,
    asset: r.asset,
    amount: canonicalDecimal(r.amount),
    termDays: Number(r.term_days),
    dailyRate: canonicalDecimal(r.daily_rate),
    interest: canonicalDecimal(r.interest),
    amountDue: formatUnits(parseUnits(r.amount) + parseUnits(r.interest)),
    status: r.status,
    repaid: r.status === 'repaid',
    collateralAsset: r.collateral_asset,
    collateralAmount: canonicalDecimal(r.collateral_amount),
    indexPrice: price === undefined ? null : formatUnits(price),
    initialLtv: canonicalDecimal(r.initial_ltv),
    marginCallLtv: canonicalDecimal(r.margin_call_ltv),
    liquidationLtv: canonicalDecimal(r.liquidation_ltv),
    marginCalled: active && r.margin_called_at !== null,
    appliedAt: iso(r.applied_at),
    approvedAt: r.approved_at === null ? null : iso(r.approved_at),
    dueAt: r.due_at === null ? null : iso(r.due_at),
    closedAt: r.closed_at === null ? null : iso(r.closed_at),
    reason: r.reason,
    repayment: r.repayment,
    liquidation: r.liquidation,
    debt: canonicalDecimal(r.debt),
    ...live,
  };
}

/** The due time of a loan approved at `approvedMs`: term x 24 h later. */
export const dueAfter = (approvedMs: number, termDays: number) => approvedMs + termDays * LOAN_DAY_MS;

import type { AreaVocabulary } from '../area.ts';

/** Loans: what the area adds to the shared vocabularies (listed in `areas.ts`). */
export const loanVocabulary = {
  name: 'loan',
  journalKinds: [
    // Approval: the collateral frozen in funding and the principal credited from the treasury.
    'loan.disburse',
    // More collateral frozen for a loan (the user's, to move its LTV down).
    'loan.collateral',
    // Repayment (on time, early or overdue): the amount to the treasury, the collateral unfrozen.
    'loan.repay',
    // Forced liquidation (overdue or at the liquidation LTV): collateral sold at the index price.
    'loan.liquidate',
  ],
  noticeKinds: [
    /** Approved and funded: params amount, asset, collateral, collateralAsset, dueAt. */
    'loan.approved',
    /** Rejected: params amount, asset, reason. */
    'loan.rejected',
    /** The loan's LTV reached the margin-call level: params ltv, marginCallLtv, liquidationPrice, collateralAsset. */
    'loan.margin_call',
    /** Due within a day or overdue: params amountDue, asset, dueAt. */
    'loan.overdue',
    /** Liquidated: params cause (ltv or overdue, shown in words), sold, collateralAsset, price, released, shortfall, asset. */
    'loan.liquidated',
  ],
  errors: {
    loan_product_unknown: 404,
    loan_product_closed: 409,
    /** The seed's 'Loan amount error': outside the product's range or the user's available limit. */
    loan_amount: 400,
    loan_term: 400,
    loan_collateral_asset: 400,
    loan_collateral_short: 409,
    loan_kyc_required: 403,
    loan_certification_required: 409,
    loan_underage: 403,
    loan_pending_exists: 409,
    loan_unknown: 404,
    loan_not_active: 409,
    loan_not_pending: 409,
    /** The repayment the user confirmed is not what is owed now (a day turned): read it again. */
    loan_repay_changed: 409,
    loan_second_approver: 409,
    loan_certification_uploads: 400,
    loan_product_amounts: 400,
    loan_product_rate: 400,
    loan_product_ltv: 400,
    loan_product_terms: 400,
    loan_product_collateral: 400,
  },
  userEventFields: {
    loan: 'loan',
  },
} as const satisfies AreaVocabulary;

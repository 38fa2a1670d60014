import type { AreaVocabulary } from '../area.ts';

/** Money in and out: deposits, bank deposits, withdrawals: what the area adds to the shared vocabularies (listed in `areas.ts`). */
export const cashierVocabulary = {
  name: 'cashier',
  journalKinds: [
    // An on-chain deposit credited, a bank deposit approved, a withdrawal's amount frozen, handed
    // back (rejected by an operator, or failed on chain) or paid out.
    'funding.deposit',
    'deposit.bank',
    'withdrawal.request',
    'withdrawal.reject',
    'withdrawal.fail',
    'withdrawal.complete',
  ],
  noticeKinds: [
    /** A chain deposit was credited: params amount, asset, txHash. */
    'funding.deposit.credited',
    /** Bank deposit decisions: params amount, asset, and reason (a rejection's, plain text). */
    'funding.bank.approved',
    'funding.bank.rejected',
    /** Withdrawals: params amount, asset, and a rejection's reason or where it was sent (received, address). */
    'withdrawal.rejected',
    'withdrawal.completed',
    'withdrawal.failed',
  ],
  errors: {
    deposit_demo: 403,
    deposit_chain_unavailable: 400,
    bank_deposit_minimum: 400,
    bank_proof_invalid: 400,
    bank_proof_used: 409,
    bank_account_unset: 409,
    address_invalid: 400,
    address_checksum: 400,
    withdraw_demo: 403,
    withdraw_below_minimum: 400,
    withdraw_not_above_fee: 400,
    withdraw_chain_unavailable: 400,
    withdraw_same_operator: 409,
  },
  userEventFields: {
    withdrawal: 'withdrawal',
    deposit: 'deposit',
    bankDeposit: 'deposit',
  },
} as const satisfies AreaVocabulary;

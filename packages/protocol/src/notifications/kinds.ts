/**
 * Every kind of notification, declared once. A kind names the event a notification reports; its
 * title and body are the server messages `notice.<kind>.title` and `notice.<kind>.body`, filled
 * with the notification's params in the reader's language when it is read (zod-free: the web
 * imports it).
 */
export const NOTICE_KINDS = [
  /** An operator's balance adjustment was approved: params asset, amount (signed), account. */
  'ledger.adjusted',
  /** Identity verification decisions: params reason (a rejection's, plain text). */
  'kyc.basic.approved',
  'kyc.basic.rejected',
  'kyc.advanced.approved',
  'kyc.advanced.rejected',
  /** A chain deposit was credited: params amount, asset, txHash. */
  'funding.deposit.credited',
  /** Bank deposit decisions: params amount, asset, and reason (a rejection's, plain text). */
  'funding.bank.approved',
  'funding.bank.rejected',
  /** Withdrawals: params amount, asset, and a rejection's reason or where it was sent (received, address). */
  'withdrawal.rejected',
  'withdrawal.completed',
  'withdrawal.failed',
  /** A leveraged position was liquidated at the mark: params symbol, side, lots, price, toUser (what came back, USDT). */
  'position.liquidated',
  /**
   * A position opened while its quote currency was valued as USDT (issue 23) was closed at its entry
   * price, its margin and fees returned: params symbol, side, lots, price, returned (USDT).
   */
  'position.revalued',
  /** Another user sent funds to this user's funding account (issue 24): params amount, asset, fromUser (their user ID). */
  'transfer.received',
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** The most the badge counts to; more reads "99+". */
export const NOTICE_BADGE_MAX = 99;

/** Zod-free withdrawal constants the web's pages read too. */
export const WITHDRAWAL_STATUSES = [
  'reviewing',
  'approved',
  'waiting_funds',
  'sent',
  'completed',
  'rejected',
  'failed',
] as const;
export type WithdrawalStatusName = (typeof WITHDRAWAL_STATUSES)[number];
export const WITHDRAWAL_REASON_MAX = 200;

/** Why a sent withdrawal failed on chain (the app translates the kind, and shows the raw text beside it). */
export const WITHDRAWAL_FAILURE_KINDS = ['reverted', 'dropped', 'out_of_gas'] as const;
export type WithdrawalFailureKind = (typeof WITHDRAWAL_FAILURE_KINDS)[number];

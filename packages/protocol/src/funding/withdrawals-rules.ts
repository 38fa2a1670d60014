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

import { withdrawalAdminEndpoints as withdrawals } from '@otc/protocol/cashier/withdrawal/endpoints';
import type { WithdrawalStatusName } from '@otc/protocol/cashier/withdrawal/rules';
import { call } from '../../api/call.ts';

export const withdrawalKeys = {
  list: ['admin', 'withdrawals', 'list'] as const,
  withdrawal: (id: string) => ['admin', 'withdrawals', 'one', id] as const,
};

export const withdrawalsApi = {
  list: (
    params: { page: number; pageSize: number; status?: WithdrawalStatusName | undefined },
    signal?: AbortSignal,
  ) => call(withdrawals.withdrawals, params, signal),
  one: (id: string, signal?: AbortSignal) => call(withdrawals.withdrawal, { id }, signal),
  approve: (id: string) => call(withdrawals.approve, { id }),
  reject: (id: string, reason: string) => call(withdrawals.reject, { id, reason }),
};

/** The badge classes the back office has: waiting ones pending, done approved, the rest rejected. */
export const BADGE: Record<WithdrawalStatusName, string> = {
  reviewing: 'pending',
  approved: 'pending',
  waiting_funds: 'pending',
  sent: 'pending',
  completed: 'approved',
  rejected: 'rejected',
  failed: 'rejected',
};

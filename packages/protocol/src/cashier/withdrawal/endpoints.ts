import type { emptyBody } from '../../contract.ts';
import { endpoints, get, post } from '../../endpoint.ts';
import type {
  adminWithdrawal,
  adminWithdrawalQuery,
  adminWithdrawalsPage,
  adminWithdrawalsQuery,
  approveWithdrawalBody,
  rejectWithdrawalBody,
  withdrawal,
  withdrawalsPage,
  withdrawalsQuery,
  withdrawBody,
  withdrawInfo,
} from './schemas.ts';

/** The user's withdrawals (the seed shows no path for them: ours are under /api/funding). */
export const withdrawalEndpoints = endpoints('cashier', {
  info: post<typeof emptyBody, typeof withdrawInfo>('/api/funding/withdraw/info', {
    auth: 'user',
    summary:
      'The withdraw form’s data: available USDT, the chains with their fee and minimum, the review threshold',
  }),
  withdraw: post<typeof withdrawBody, typeof withdrawal>('/api/funding/withdraw', {
    auth: 'user',
    summary:
      'Withdraw USDT to an address (basic verification and the transaction password; amount at least the minimum and above the fee; frozen at once; idempotent)',
  }),
  list: post<typeof withdrawalsQuery, typeof withdrawalsPage>('/api/funding/withdrawals', {
    auth: 'user',
    summary: 'The caller’s withdrawals, newest first: status, amounts, fee, transaction hash, reason',
  }),
});

/** Reviewing withdrawals in the back office: read by any operator, decided by admins and reviewers. */
export const withdrawalAdminEndpoints = endpoints('admin', {
  withdrawals: get<typeof adminWithdrawalsQuery, typeof adminWithdrawalsPage>(
    '/api/admin/funding/withdrawals',
    {
      auth: 'operator',
      summary: 'Withdrawals, those waiting for an operator or for funds first',
    },
  ),
  withdrawal: get<typeof adminWithdrawalQuery, typeof adminWithdrawal>('/api/admin/funding/withdrawal', {
    auth: 'operator',
    summary: 'One withdrawal with its decisions',
  }),
  approve: post<typeof approveWithdrawalBody, typeof adminWithdrawal>(
    '/api/admin/funding/withdrawals/approve',
    {
      auth: 'operator',
      roles: ['admin', 'reviewer'],
      summary:
        'Approve a withdrawal under review (audited); a large one needs a second, different operator before it is sent',
    },
  ),
  reject: post<typeof rejectWithdrawalBody, typeof adminWithdrawal>('/api/admin/funding/withdrawals/reject', {
    auth: 'operator',
    roles: ['admin', 'reviewer'],
    summary:
      'Reject a withdrawal under review with a reason: its funds are unfrozen once (audited; notified)',
  }),
});

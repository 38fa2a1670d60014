import { endpoints, routesOn } from '../../endpoint.ts';
import type * as schemas from './schemas.ts';

const { get, post } = routesOn<typeof schemas>();

/** The user's withdrawals (the seed shows no path for them: ours are under /api/funding). */
export const withdrawalEndpoints = endpoints('cashier', {
  info: post('/api/funding/withdraw/info', {
    body: 'emptyBody',
    response: 'withdrawInfo',
    auth: 'user',
    summary:
      'The withdraw form’s data: available USDT, the chains with their fee and minimum, the review threshold',
  }),
  withdraw: post('/api/funding/withdraw', {
    body: 'withdrawBody',
    response: 'withdrawal',
    auth: 'user',
    live: true,
    summary:
      'Withdraw USDT to an address (basic verification and the transaction password; amount at least the minimum and above the fee; frozen at once; idempotent)',
  }),
  list: post('/api/funding/withdrawals', {
    body: 'withdrawalsQuery',
    response: 'withdrawalsPage',
    auth: 'user',
    summary: 'The caller’s withdrawals, newest first: status, amounts, fee, transaction hash, reason',
  }),
});

/** Reviewing withdrawals in the back office: read by any operator, decided by admins and reviewers. */
export const withdrawalAdminEndpoints = endpoints('admin', {
  withdrawals: get('/api/admin/funding/withdrawals', {
    body: 'adminWithdrawalsQuery',
    response: 'adminWithdrawalsPage',
    auth: 'operator',
    summary: 'Withdrawals, those waiting for an operator or for funds first',
  }),
  withdrawal: get('/api/admin/funding/withdrawal', {
    body: 'adminWithdrawalQuery',
    response: 'adminWithdrawal',
    auth: 'operator',
    summary: 'One withdrawal with its decisions',
  }),
  approve: post('/api/admin/funding/withdrawals/approve', {
    body: 'approveWithdrawalBody',
    response: 'adminWithdrawal',
    auth: 'operator',
    roles: ['admin', 'reviewer'],
    summary:
      'Approve a withdrawal under review (audited); a large one needs a second, different operator before it is sent',
  }),
  reject: post('/api/admin/funding/withdrawals/reject', {
    body: 'rejectWithdrawalBody',
    response: 'adminWithdrawal',
    auth: 'operator',
    roles: ['admin', 'reviewer'],
    summary:
      'Reject a withdrawal under review with a reason: its funds are unfrozen once (audited; notified)',
  }),
});

import type { Realm } from '@otc/protocol/ledger/schemas';
import type { Loan } from '@otc/protocol/loan/schemas';
import { publishUserEvent } from '../bus/user-channel.ts';
import type { AppContext } from '../context.ts';
import { announceBalances } from '../ledger/index.ts';
import { announceNotices } from '../notifications/index.ts';

/** Where a loan's notification takes the user: the loan records. */
export const LOANS_LINK = '/pages/index/ToLoanList';

/**
 * After the commit, best effort: the loan as it now is on the owner's socket (`loan` event), their
 * balances, and their unread count when a notification was written.
 */
export async function announceLoan(
  ctx: AppContext,
  userId: string,
  realm: Realm,
  loan: Loan,
  noticed = false,
): Promise<void> {
  publishUserEvent(ctx.bus, userId, { kind: 'loan', loan });
  await announceBalances(ctx, realm, [userId]);
  if (noticed) await announceNotices(ctx, [userId]);
}

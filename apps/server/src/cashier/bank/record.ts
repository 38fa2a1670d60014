import { publishUserEvent } from '../../bus/user-channel.ts';
import type { AppContext } from '../../context.ts';
import { toBankDeposit } from './format.ts';
import { bankDepositById } from './queries.ts';

/**
 * Tells the owner's sockets where a bank deposit stands now (issue 23): submitted, approved or
 * rejected, after its transaction committed, so the open deposit records follow an operator's review
 * without a reload. The row is read again: the event carries what is stored.
 */
export async function announceBankDeposit(ctx: AppContext, id: string): Promise<void> {
  const row = await bankDepositById(ctx.db, id);
  if (row) publishUserEvent(ctx.bus, row.userId, { kind: 'bankDeposit', deposit: toBankDeposit(row) });
}

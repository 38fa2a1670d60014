import type { Withdrawal } from '@otc/protocol/cashier/withdrawal/schemas';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useUserEvents } from '../../ws/useUserEvents.ts';
import { applyWithdrawal, type WithdrawalPages } from './withdrawalEvents.ts';
import { withdrawalKeys } from './withdrawalsApi.ts';

/**
 * Writes a withdrawal as it now stands into the cached records, and has the withdraw screen's
 * available amount read again. A list being fetched is fetched again, as its answer may predate it.
 */
export function writeWithdrawal(client: QueryClient, w: Withdrawal): void {
  const queryKey = withdrawalKeys.list;
  client.setQueryData<WithdrawalPages>(queryKey, (data) => data && applyWithdrawal(data, w));
  if (client.isFetching({ queryKey, exact: true }) > 0)
    void client
      .cancelQueries({ queryKey, exact: true })
      .then(() => client.invalidateQueries({ queryKey, exact: true }));
  void client.invalidateQueries({ queryKey: withdrawalKeys.info, exact: true });
}

/**
 * Keeps the withdrawal records and the withdraw screen current from the private `user` channel
 * (issue 23: a completed withdrawal still read "Sent, confirming" until a reload): each status move
 * is written in as it comes; a resync (a reconnect, a gap) reads them again.
 */
export function useLiveWithdrawals(): void {
  const client = useQueryClient();
  useUserEvents(
    (event) => {
      if (event.kind === 'withdrawal') writeWithdrawal(client, event.withdrawal);
    },
    () => {
      void client.invalidateQueries({ queryKey: withdrawalKeys.list, exact: true });
      void client.invalidateQueries({ queryKey: withdrawalKeys.info, exact: true });
    },
  );
}

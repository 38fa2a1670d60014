import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useUserEvents } from '../../ws/useUserEvents.ts';
import { bankKeys } from '../bank/bankApi.ts';
import { depositKeys } from './depositApi.ts';
import { applyBankDeposit, applyDeposit, type BankDepositList, type DepositPages } from './depositEvents.ts';

/** A list being fetched is fetched again: its answer may predate the event just written in. */
function refetchIfFetching(client: QueryClient, queryKey: QueryKey): void {
  if (client.isFetching({ queryKey, exact: true }) > 0)
    void client
      .cancelQueries({ queryKey, exact: true })
      .then(() => client.invalidateQueries({ queryKey, exact: true }));
}

/**
 * Keeps the deposit records current from the private `user` channel (issue 23: a chain deposit's
 * confirmations and crediting, a bank deposit's review, showed only after a reload): each move is
 * written into the cached records as it comes; a resync (a reconnect, a gap) reads them again. The
 * balances follow the credit through their own `balance` event (useLiveMoney).
 */
export function useLiveDeposits(): void {
  const client = useQueryClient();
  useUserEvents(
    (event) => {
      if (event.kind === 'deposit') {
        client.setQueryData<DepositPages>(
          depositKeys.list,
          (data) => data && applyDeposit(data, event.deposit),
        );
        refetchIfFetching(client, depositKeys.list);
      } else if (event.kind === 'bankDeposit') {
        client.setQueryData<BankDepositList>(
          bankKeys.records,
          (data) => data && applyBankDeposit(data, event.deposit),
        );
        refetchIfFetching(client, bankKeys.records);
      }
    },
    () => {
      void client.invalidateQueries({ queryKey: depositKeys.list, exact: true });
      void client.invalidateQueries({ queryKey: bankKeys.records, exact: true });
    },
  );
}

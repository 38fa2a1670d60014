import { formatUnits, parseUnits } from '@otc/core/money/decimal';
import type { AssetsOverview } from '@otc/protocol/ledger/schemas';
import type { UserEvent } from '@otc/protocol/socket/schemas';

export type BalanceEvent = Extract<UserEvent, { kind: 'balance' }>;

/**
 * The overview with one balance as the event gives it (available, frozen, and their total). The
 * same overview when it has no row for that account and asset. Valuations in USDT are left as
 * they were: the event carries no price, so the screen fetches them again.
 */
export function applyBalance(overview: AssetsOverview, event: BalanceEvent): AssetsOverview {
  let changed = false;
  const accounts = overview.accounts.map((account) => {
    if (account.kind !== event.account) return account;
    const balances = account.balances.map((row) => {
      if (row.asset !== event.asset) return row;
      if (row.available === event.available && row.frozen === event.frozen) return row;
      changed = true;
      const total = formatUnits(parseUnits(event.available) + parseUnits(event.frozen));
      return { ...row, available: event.available, frozen: event.frozen, total };
    });
    return changed ? { ...account, balances } : account;
  });
  return changed ? { ...overview, accounts } : overview;
}

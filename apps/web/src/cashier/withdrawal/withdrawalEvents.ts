import type { Withdrawal } from '@otc/protocol/cashier/withdrawal/schemas';
import type { InfiniteData } from '@tanstack/react-query';
import type { ListPage } from '../../ui/listState.ts';

export type WithdrawalPages = InfiniteData<ListPage<Withdrawal>, number>;

/**
 * The records as they stand after a withdrawal's event (issue 23): a known withdrawal is replaced
 * where it is, unless the event is older than what is shown (events and fetched pages may cross); a
 * new one goes first (the list is newest first) and counts in the total.
 */
export function applyWithdrawal(data: WithdrawalPages, w: Withdrawal): WithdrawalPages {
  const known = data.pages.some((p) => p.items.some((x) => x.id === w.id));
  if (known)
    return {
      ...data,
      pages: data.pages.map((p) => ({
        ...p,
        items: p.items.map((x) => (x.id === w.id && x.updatedAt <= w.updatedAt ? w : x)),
      })),
    };
  const [first, ...rest] = data.pages;
  if (!first) return data;
  const added = {
    items: [w, ...first.items],
    ...(first.total === undefined ? {} : { total: first.total + 1 }),
  };
  return { ...data, pages: [added, ...rest] };
}

import type { BankDeposit } from '@otc/protocol/cashier/bank/schemas';
import type { DepositRecord } from '@otc/protocol/cashier/deposit/schemas';
import type { InfiniteData } from '@tanstack/react-query';
import type { ListPage } from '../../ui/listState.ts';

export type DepositPages = InfiniteData<ListPage<DepositRecord>, number>;
export type BankDepositList = { items: BankDeposit[]; total: number };

/**
 * Whether an event is behind what is shown (events and fetched pages may cross; the records carry
 * no update time): a deposit only moves forward, from pending (its confirmations growing) to an end.
 */
export function depositBehind(shown: DepositRecord, event: DepositRecord): boolean {
  if (shown.status === 'pending')
    return event.status === 'pending' && event.confirmations < shown.confirmations;
  return event.status === 'pending';
}

/** A bank deposit only moves forward: from pending to approved or rejected. */
export const bankDepositBehind = (shown: BankDeposit, event: BankDeposit): boolean =>
  shown.status !== 'pending' && event.status === 'pending';

/** The list after an event: a shown record replaced where it is unless behind, a new one first and counted. */
function applyTo<T extends { id: string }>(
  items: T[],
  total: number | undefined,
  record: T,
  behind: (shown: T, event: T) => boolean,
): { items: T[]; total: number | undefined } | null {
  if (!items.some((x) => x.id === record.id)) return null;
  return { items: items.map((x) => (x.id === record.id && !behind(x, record) ? record : x)), total };
}

/** The chain deposit records (newest first, paged) after a deposit's event (issue 23). */
export function applyDeposit(data: DepositPages, d: DepositRecord): DepositPages {
  if (data.pages.some((p) => p.items.some((x) => x.id === d.id)))
    return {
      ...data,
      pages: data.pages.map((p) => ({ ...p, ...applyTo(p.items, p.total, d, depositBehind) })),
    };
  const [first, ...rest] = data.pages;
  if (!first) return data;
  const added = {
    items: [d, ...first.items],
    ...(first.total === undefined ? {} : { total: first.total + 1 }),
  };
  return { ...data, pages: [added, ...rest] };
}

/** The bank deposit records (latest first) after a bank deposit's event (issue 23). */
export function applyBankDeposit(data: BankDepositList, d: BankDeposit): BankDepositList {
  const replaced = applyTo(data.items, data.total, d, bankDepositBehind);
  if (replaced) return { items: replaced.items, total: data.total };
  return { items: [d, ...data.items], total: data.total + 1 };
}

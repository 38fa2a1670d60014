import { addressEndpoints as book } from '@otc/protocol/cashier/address/endpoints';
import type {
  BindAddressBody,
  DeleteAddressBody,
  EditAddressBody,
} from '@otc/protocol/cashier/address/schemas';
import { withdrawalEndpoints as withdrawals } from '@otc/protocol/cashier/withdrawal/endpoints';
import type { WithdrawBody } from '@otc/protocol/cashier/withdrawal/schemas';
import { call } from '../../api/call.ts';
import type { ListPage } from '../../ui/listState.ts';

export const withdrawalKeys = {
  info: ['cashier', 'withdraw', 'info'] as const,
  list: ['cashier', 'withdrawals'] as const,
  addresses: (keyword: string) => ['cashier', 'addresses', keyword] as const,
};

/** The withdraw screens' calls; errors are shown by the forms (under the field, else a toast). */
export const withdrawalsApi = {
  info: () => call(withdrawals.info, {}, { toast: false }),
  withdraw: (body: WithdrawBody) => call(withdrawals.withdraw, body, { toast: false }),
  list: (page: number, pageSize: number) =>
    call(withdrawals.list, { page, pageSize }).then((r): ListPage<(typeof r.items)[number]> => r),
  addresses: (keyword: string) => call(book.list, keyword ? { keyword } : {}),
  bind: (body: BindAddressBody) => call(book.bind, body, { toast: false }),
  edit: (body: EditAddressBody) => call(book.edit, body, { toast: false }),
  remove: (body: DeleteAddressBody) => call(book.remove, body, { toast: false }),
};

/** A chain's name as the server lists it, else its id. */
export const chainLabel = (chains: readonly { chainId: number; name: string }[], id: number) =>
  chains.find((c) => c.chainId === id)?.name ?? `#${id}`;

/** A long address shortened for a list line: 0x5aAe…eAed. */
export const shortAddress = (a: string) => (a.length > 14 ? `${a.slice(0, 6)}…${a.slice(-4)}` : a);

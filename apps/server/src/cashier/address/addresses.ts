import {
  ADDRESS_BOOK_MAX,
  type AddressEntry,
  type BindAddressBody,
  type EditAddressBody,
} from '@otc/protocol/cashier/address/schemas';
import type { Realm } from '@otc/protocol/ledger/schemas';
import type { AppContext } from '../../context.ts';
import { fail, failField } from '../../http/errors.ts';
import { users } from '../../users/index.ts';
import { checkedAddress } from '../evm-address.ts';
import * as book from './queries.ts';

type Caller = { userId: string; realm: Realm };

const toEntry = (r: book.AddressRow): AddressEntry => ({
  id: r.id,
  address: r.address,
  remark: r.remark,
  currency: r.currency,
  chainId: r.chainId,
  createdAt: new Date(r.createdAt).toISOString(),
});

/** Demo accounts never withdraw, so they keep no addresses to withdraw to (seed §6). */
function refuseDemo(caller: Caller): void {
  if (caller.realm === 'demo') fail('withdraw_demo');
}

function fieldsOf(body: BindAddressBody) {
  return {
    address: checkedAddress(body.address),
    remark: body.remark,
    currency: body.currency,
    chainId: body.chainId,
  };
}

export async function bind(ctx: AppContext, caller: Caller, body: BindAddressBody): Promise<AddressEntry> {
  refuseDemo(caller);
  const fields = fieldsOf(body);
  return ctx.db.tx(async (q) => {
    // The book is bounded, so a script cannot fill the table; serialised per user by the row count's lock.
    await users.lockUser(q, caller.userId);
    if ((await book.countAddresses(q, caller.userId)) >= ADDRESS_BOOK_MAX)
      failField('field_invalid', 'address');
    return toEntry(await book.insertAddress(q, caller.userId, fields));
  });
}

export async function edit(ctx: AppContext, caller: Caller, body: EditAddressBody): Promise<AddressEntry> {
  refuseDemo(caller);
  const row = await book.updateAddress(ctx.db, caller.userId, body.id, fieldsOf(body));
  if (!row) failField('not_found', 'id');
  return toEntry(row);
}

export async function remove(ctx: AppContext, caller: Caller, id: string): Promise<null> {
  refuseDemo(caller);
  if (!(await book.deleteAddress(ctx.db, caller.userId, id))) failField('not_found', 'id');
  return null;
}

export async function list(
  ctx: AppContext,
  caller: Caller,
  query: { keyword?: string | undefined; chainId?: number | undefined; currency?: string | undefined },
): Promise<{ items: AddressEntry[] }> {
  return { items: (await book.listAddresses(ctx.db, caller.userId, query)).map(toEntry) };
}

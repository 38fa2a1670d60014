import {
  ADDRESS_BOOK_MAX,
  type AddressEntry,
  type BindAddressBody,
  type DeleteAddressBody,
  type EditAddressBody,
} from '@otc/protocol/cashier/address/schemas';
import type { Realm } from '@otc/protocol/ledger/schemas';
import { checkSecondFactor } from '../../auth/index.ts';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/db.ts';
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

/**
 * The book decides where money may go, so each change asks the authenticator's code once two-factor
 * is on (decision 0158); spent in the change's transaction, so a change refused after it (an entry
 * that is not there, a full book) rolls it back and the code stays good.
 */
const secondFactor = (ctx: AppContext, caller: Caller, code: string | undefined, q: Queryable) =>
  checkSecondFactor(ctx, caller.userId, code, 'totpCode', q);

export async function bind(ctx: AppContext, caller: Caller, body: BindAddressBody): Promise<AddressEntry> {
  refuseDemo(caller);
  const fields = fieldsOf(body);
  return ctx.db.tx(async (q) => {
    // The book is bounded, so a script cannot fill the table; serialised per user by the row count's lock.
    await users.lockUser(q, caller.userId);
    await secondFactor(ctx, caller, body.totpCode, q);
    if ((await book.countAddresses(q, caller.userId)) >= ADDRESS_BOOK_MAX)
      failField('field_invalid', 'address');
    return toEntry(await book.insertAddress(q, caller.userId, fields));
  });
}

export async function edit(ctx: AppContext, caller: Caller, body: EditAddressBody): Promise<AddressEntry> {
  refuseDemo(caller);
  const fields = fieldsOf(body);
  return ctx.db.tx(async (q) => {
    await secondFactor(ctx, caller, body.totpCode, q);
    const row = await book.updateAddress(q, caller.userId, body.id, fields);
    if (!row) failField('not_found', 'id');
    return toEntry(row);
  });
}

export async function remove(ctx: AppContext, caller: Caller, body: DeleteAddressBody): Promise<null> {
  refuseDemo(caller);
  return ctx.db.tx(async (q) => {
    await secondFactor(ctx, caller, body.totpCode, q);
    if (!(await book.deleteAddress(q, caller.userId, body.id))) failField('not_found', 'id');
    return null;
  });
}

export async function list(
  ctx: AppContext,
  caller: Caller,
  query: { keyword?: string | undefined; chainId?: number | undefined; currency?: string | undefined },
): Promise<{ items: AddressEntry[] }> {
  return { items: (await book.listAddresses(ctx.db, caller.userId, query)).map(toEntry) };
}

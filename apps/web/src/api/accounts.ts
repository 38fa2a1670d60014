import type { User } from '@otc/protocol/auth/schemas';

/** PRODUCT.md "Accounts and security": the app remembers up to 5 accounts for 'switch account'. */
export const MAX_REMEMBERED_ACCOUNTS = 5;

export interface RememberedAccount {
  user: User;
  token: string;
}

/** Puts the account first, replacing an older entry of the same user, and keeps at most `max`. */
export function rememberAccount(
  list: readonly RememberedAccount[],
  entry: RememberedAccount,
  max = MAX_REMEMBERED_ACCOUNTS,
): RememberedAccount[] {
  return [entry, ...list.filter((a) => a.user.id !== entry.user.id)].slice(0, max);
}

export function forgetAccount(list: readonly RememberedAccount[], userId: string): RememberedAccount[] {
  return list.filter((a) => a.user.id !== userId);
}

export function updateRememberedUser(list: readonly RememberedAccount[], user: User): RememberedAccount[] {
  return list.map((a) => (a.user.id === user.id ? { ...a, user } : a));
}

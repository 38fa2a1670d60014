import { maskText } from '@otc/core/mask';
import type { User } from '@otc/protocol/auth/schemas';

/** How an account is recognised in lists: its email, else phone, else wallet, masked (seed §5). */
export function maskedContact(user: Pick<User, 'email' | 'phone' | 'walletAddress'>): string {
  const contact = user.email ?? user.phone ?? user.walletAddress;
  return contact ? maskText(contact) : '';
}

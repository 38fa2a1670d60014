import type { Session, User } from '@otc/protocol/auth/schemas';
import { forgetAccount, type RememberedAccount, rememberAccount, updateRememberedUser } from './accounts.ts';
import { cache, STORAGE_KEYS } from './storage.ts';

/** The signed-in session, kept in the expiring cache so the request client and the UI share it. */
export interface SessionState {
  token: string | null;
  user: User | null;
  accounts: readonly RememberedAccount[];
}

const SESSION_KEYS = new Set<string>([STORAGE_KEYS.token, STORAGE_KEYS.user, STORAGE_KEYS.accounts]);
const listeners = new Set<() => void>();

function read(): SessionState {
  const token = cache.get<string>(STORAGE_KEYS.token) ?? null;
  const user = cache.get<User>(STORAGE_KEYS.user) ?? null;
  // A token without its user (or the reverse) is no session.
  const whole = token !== null && user !== null;
  return {
    token: whole ? token : null,
    user: whole ? user : null,
    accounts: cache.get<RememberedAccount[]>(STORAGE_KEYS.accounts) ?? [],
  };
}

let snapshot = read();

cache.subscribe((key) => {
  if (!SESSION_KEYS.has(key)) return;
  snapshot = read();
  for (const listener of listeners) listener();
});

export function getSession(): SessionState {
  return snapshot;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function storeSession(session: Session): void {
  cache.set(STORAGE_KEYS.token, session.token);
  cache.set(STORAGE_KEYS.user, session.user);
  cache.set(STORAGE_KEYS.accounts, rememberAccount(snapshot.accounts, session));
}

export function storeUser(user: User): void {
  if (snapshot.user?.id !== user.id) return;
  cache.set(STORAGE_KEYS.user, user);
  cache.set(STORAGE_KEYS.accounts, updateRememberedUser(snapshot.accounts, user));
}

export function clearSession(): void {
  cache.remove(STORAGE_KEYS.token);
  cache.remove(STORAGE_KEYS.user);
}

export function forgetRemembered(userId: string): void {
  cache.set(STORAGE_KEYS.accounts, forgetAccount(snapshot.accounts, userId));
}

import type { Session } from '@otc/protocol/auth/schemas';
import { isApiError } from '../api/errors.ts';
import { clearSession, forgetRemembered, getSession, storeSession, storeUser } from '../api/session.ts';
import { cache, STORAGE_KEYS } from '../api/storage.ts';
import { authApi } from './authApi.ts';

export function signIn(session: Session): void {
  storeSession(session);
}

/** Revokes the token on the server (best effort), then forgets it on this device. */
export async function signOut(): Promise<void> {
  const { user } = getSession();
  try {
    await authApi.logout();
  } catch {
    // Offline or already revoked: the local session goes either way.
  }
  if (user) forgetRemembered(user.id);
  clearSession();
}

/** Reloads the signed-in user; a 401 clears the session inside the client. */
export async function refreshUser(): Promise<void> {
  if (!getSession().token) return;
  try {
    storeUser(await authApi.userInfo());
  } catch {
    // Keep the stored user when the server cannot be reached.
  }
}

/**
 * Makes a remembered account the current one and checks its token. Resolves false (and forgets
 * the account) when the server no longer accepts it.
 */
export async function switchAccount(userId: string): Promise<boolean> {
  const previous = getSession();
  const entry = previous.accounts.find((a) => a.user.id === userId);
  if (!entry) return false;
  cache.set(STORAGE_KEYS.token, entry.token);
  cache.set(STORAGE_KEYS.user, entry.user);
  try {
    storeUser(await authApi.userInfo());
    return true;
  } catch (error) {
    if (!isApiError(error) || error.code !== 401) return true;
    // That token was revoked or expired: forget it and stay in the account we came from.
    forgetRemembered(userId);
    if (previous.token && previous.user && previous.user.id !== userId) {
      cache.set(STORAGE_KEYS.token, previous.token);
      cache.set(STORAGE_KEYS.user, previous.user);
    }
    return false;
  }
}

import type { Session, User } from '@otc/protocol/auth/schemas';
import { isApiError } from '../api/errors.ts';
import { clearSession, forgetRemembered, getSession, storeSession, storeUser } from '../api/session.ts';
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
 * Makes a remembered account the current one, without its password while its session lives: its
 * token is checked first, so the account on screen stays current until the other is known good.
 * `expired` (and the account forgotten) when the server no longer accepts that token; `unreachable`
 * when it could not tell (the token may well live: nothing changes).
 */
export async function switchAccount(userId: string): Promise<'switched' | 'expired' | 'unreachable'> {
  const entry = getSession().accounts.find((a) => a.user.id === userId);
  if (!entry) return 'expired';
  let user: User;
  try {
    user = await authApi.userInfoOf(entry.token);
  } catch (error) {
    if (!isApiError(error) || error.code !== 401) return 'unreachable';
    forgetRemembered(userId);
    return 'expired';
  }
  storeSession({ token: entry.token, user });
  return 'switched';
}

import type { User } from '@otc/protocol/auth/schemas';
import { describe, expect, it } from 'vitest';
import {
  clearSession,
  forgetRemembered,
  getSession,
  storeSession,
  storeUser,
  subscribeSession,
} from './session.ts';
import { cache, STORAGE_KEYS } from './storage.ts';

const user = (id: string, kind: User['kind'] = 'real'): User => ({
  id,
  nickname: `n${id}`,
  avatar: null,
  email: null,
  phone: '+15551234567',
  walletAddress: null,
  kind,
  vipLevel: 0,
  inviteCode: 'ABCD',
  hasTradePassword: false,
  createdAt: '2025-01-01T00:00:00.000Z',
});

describe('session store', () => {
  it('stores token and user, remembers the account, and notifies', () => {
    let notified = 0;
    const stop = subscribeSession(() => notified++);
    storeSession({ token: 'tok-1', user: user('1') });
    stop();
    expect(getSession().token).toBe('tok-1');
    expect(getSession().user?.id).toBe('1');
    expect(getSession().accounts.map((a) => a.user.id)).toEqual(['1']);
    expect(cache.get(STORAGE_KEYS.token)).toBe('tok-1');
    expect(notified).toBeGreaterThan(0);
  });

  it('updates the current user only, in the remembered list too', () => {
    storeSession({ token: 'tok-2', user: user('2', 'demo') });
    storeUser({ ...user('2', 'demo'), nickname: 'Demo trader' });
    storeUser({ ...user('1'), nickname: 'not current' });
    expect(getSession().user?.nickname).toBe('Demo trader');
    expect(getSession().accounts.map((a) => a.user.nickname)).toEqual(['Demo trader', 'n1']);
  });

  it('clears the session when the client loses it, keeping the remembered accounts', () => {
    cache.remove(STORAGE_KEYS.user);
    expect(getSession().token).toBeNull();
    expect(getSession().user).toBeNull();
    clearSession();
    forgetRemembered('2');
    expect(getSession().accounts.map((a) => a.user.id)).toEqual(['1']);
  });
});

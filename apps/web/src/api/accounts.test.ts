import type { User } from '@otc/protocol/auth/schemas';
import { describe, expect, it } from 'vitest';
import { forgetAccount, MAX_REMEMBERED_ACCOUNTS, rememberAccount, updateRememberedUser } from './accounts.ts';

function user(id: string, nickname = `user${id}`): User {
  return {
    id,
    nickname,
    avatar: null,
    email: `${id}@example.com`,
    phone: null,
    walletAddress: null,
    kind: 'real',
    vipLevel: 0,
    inviteCode: 'ABCD',
    hasTradePassword: true,
    createdAt: '2025-01-01T00:00:00.000Z',
  };
}

describe('remembered accounts', () => {
  it('puts the latest login first and keeps at most 5', () => {
    let list = rememberAccount([], { user: user('1'), token: 't1' });
    for (const id of ['2', '3', '4', '5', '6'])
      list = rememberAccount(list, { user: user(id), token: `t${id}` });
    expect(MAX_REMEMBERED_ACCOUNTS).toBe(5);
    expect(list.map((a) => a.user.id)).toEqual(['6', '5', '4', '3', '2']);
  });

  it('replaces an older entry of the same user with the new token', () => {
    let list = rememberAccount([], { user: user('1'), token: 'old' });
    list = rememberAccount(list, { user: user('2'), token: 't2' });
    list = rememberAccount(list, { user: user('1'), token: 'new' });
    expect(list.map((a) => [a.user.id, a.token])).toEqual([
      ['1', 'new'],
      ['2', 't2'],
    ]);
  });

  it('forgets one account and updates a changed profile in place', () => {
    const list = [
      { user: user('1'), token: 'a' },
      { user: user('2'), token: 'b' },
    ];
    expect(forgetAccount(list, '1').map((a) => a.user.id)).toEqual(['2']);
    const renamed = updateRememberedUser(list, user('2', 'Bea'));
    expect(renamed[1]).toEqual({ user: user('2', 'Bea'), token: 'b' });
    expect(renamed[0]).toBe(list[0]);
  });
});

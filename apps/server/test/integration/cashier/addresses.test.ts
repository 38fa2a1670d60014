import type { Session } from '@otc/protocol/auth/schemas';
import type { AddressEntry } from '@otc/protocol/cashier/address/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../support/accounts.ts';
import { count, DATABASES, startServer, type TestServer } from '../support/harness.ts';

// EIP-55's own examples.
const A = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const B = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
const DEV = 31337;

describe.each(DATABASES)('the withdrawal address book on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(() => s.close());

  const bind = (token: string, body: Record<string, unknown>, lang = 'en') =>
    s.api<AddressEntry>('/api/credit/bindwithdrawaddress', body, { token, lang });
  const book = async (token: string, query: Record<string, unknown> = {}) =>
    (await s.api<{ items: AddressEntry[] }>('/api/credit/getwithdrawaddress', query, { token })).body.data
      .items;

  it('saves, lists, searches, edits and deletes the user’s own addresses', async () => {
    const u = await registerUser(s);
    const first = await bind(u.token, { address: A.toLowerCase(), remark: 'Cold wallet', chainId: DEV });
    expect(first.body.code, JSON.stringify(first.body)).toBe(200);
    // Typed in lower case, stored checksummed.
    expect(first.body.data).toMatchObject({
      address: A,
      remark: 'Cold wallet',
      currency: 'USDT',
      chainId: DEV,
    });
    const second = (await bind(u.token, { address: B, remark: 'Exchange', currency: 'USDT', chainId: 1 }))
      .body.data;

    expect((await book(u.token)).map((e) => e.id)).toEqual([second.id, first.body.data.id]);
    expect((await book(u.token, { keyword: 'cold' })).map((e) => e.address)).toEqual([A]);
    expect((await book(u.token, { keyword: B.slice(2, 10).toLowerCase() })).map((e) => e.address)).toEqual([
      B,
    ]);
    expect((await book(u.token, { chainId: 1 })).map((e) => e.address)).toEqual([B]);

    const edited = await s.api<AddressEntry>(
      '/api/credit/editwithdrawaddress',
      { id: second.id, address: `0x${B.slice(2).toUpperCase()}`, remark: 'Exchange 2', chainId: 56 },
      { token: u.token },
    );
    expect(edited.body.data).toMatchObject({ id: second.id, address: B, remark: 'Exchange 2', chainId: 56 });

    expect(
      (await s.api('/api/credit/delwithdrawaddress', { id: second.id }, { token: u.token })).body.code,
    ).toBe(200);
    expect((await book(u.token)).map((e) => e.address)).toEqual([A]);
  });

  it('never shows, edits or deletes another user’s entry', async () => {
    const owner = await registerUser(s);
    const other = await registerUser(s);
    const entry = (await bind(owner.token, { address: A, remark: 'Mine', chainId: DEV })).body.data;
    expect(await book(other.token)).toEqual([]);
    const edit = await s.api(
      '/api/credit/editwithdrawaddress',
      { id: entry.id, address: B, remark: 'Taken', chainId: DEV },
      { token: other.token },
    );
    expect(edit.body).toMatchObject({ code: 404, data: { error: 'not_found', field: 'id' } });
    const del = await s.api('/api/credit/delwithdrawaddress', { id: entry.id }, { token: other.token });
    expect(del.body).toMatchObject({ code: 404, data: { error: 'not_found' } });
    expect(await book(owner.token)).toMatchObject([{ id: entry.id, address: A, remark: 'Mine' }]);
  });

  it('refuses a bad checksum or a non-EVM address under its field, in the user’s language, storing nothing', async () => {
    const u = await registerUser(s);
    const before = await count(s.db, 'withdraw_addresses');
    const badChecksum = `${A.slice(0, 3)}A${A.slice(4)}`; // 0x5aA... -> 0x5AA...: mixed case, wrong sum
    const checksum = await bind(u.token, { address: badChecksum, chainId: DEV });
    expect(checksum.body).toMatchObject({ code: 400, data: { error: 'address_checksum', field: 'address' } });
    expect(checksum.body.msg).toBe(
      'The address’s checksum does not match: please check it for typing errors.',
    );
    const german = await bind(u.token, { address: badChecksum, chainId: DEV }, 'de');
    expect(german.body.msg).toBe(
      'Die Prüfsumme der Adresse stimmt nicht: Bitte prüfen Sie sie auf Tippfehler.',
    );
    for (const address of ['TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', '0x1234', `${A}ff`]) {
      const res = await bind(u.token, { address, chainId: DEV });
      expect(res.body).toMatchObject({ code: 400, data: { error: 'address_invalid', field: 'address' } });
    }
    // An edit is checked the same way.
    const entry = (await bind(u.token, { address: A, chainId: DEV })).body.data;
    const edit = await s.api(
      '/api/credit/editwithdrawaddress',
      { id: entry.id, address: badChecksum, chainId: DEV },
      { token: u.token },
    );
    expect(edit.body).toMatchObject({ code: 400, data: { error: 'address_checksum', field: 'address' } });
    expect(await count(s.db, 'withdraw_addresses')).toBe(before + 1);
    expect((await book(u.token))[0]?.address).toBe(A);
  });

  it('refuses a demo account with the seed’s text, storing nothing', async () => {
    const demo = (await s.api<Session>('/api/auth/loginvirtual', {})).body.data;
    const res = await bind(demo.token, { address: A, chainId: DEV });
    expect(res.body).toMatchObject({ code: 403, msg: 'Simulated accounts do not support withdrawals.' });
    expect(await book(demo.token)).toEqual([]);
  });
});

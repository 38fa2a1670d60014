import type { User } from '@otc/protocol/auth/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../support/accounts.ts';
import { DATABASES, startServer, type TestServer } from '../support/harness.ts';
import { png } from '../uploads/images.ts';

describe.each(DATABASES)('the nickname on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(() => s.close());

  const nickname = (token: string, value: string) =>
    s.api<User>('/api/user/nickname', { nickname: value }, { token });
  const current = async (token: string) =>
    (await s.api<User>('/api/auth/userinfo', {}, { token })).body.data.nickname;

  it('takes 1 to 20 characters once trimmed', async () => {
    const { token } = await registerUser(s);
    const ok = await nickname(token, '  Trader Jo  ');
    expect(ok.body.data.nickname).toBe('Trader Jo');
    expect((await nickname(token, 'x'.repeat(20))).body.code).toBe(200);
    expect(await current(token)).toBe('x'.repeat(20));
  });

  it('refuses an empty or a 21-character nickname under its field, and keeps the old one', async () => {
    const { token } = await registerUser(s);
    await nickname(token, 'Kept');
    const empty = await nickname(token, '   ');
    expect(empty.status).toBe(400);
    expect(empty.body.data).toMatchObject({ error: 'field_required', field: 'nickname' });
    expect(empty.body.msg).toBe('Please enter the nickname.');
    const long = await nickname(token, 'x'.repeat(21));
    expect(long.body.data).toMatchObject({ error: 'field_too_long', field: 'nickname' });
    expect(await current(token)).toBe('Kept');
  });

  it('keeps HTML as the text it is', async () => {
    const { token } = await registerUser(s);
    expect((await nickname(token, '<b>x</b>')).body.data.nickname).toBe('<b>x</b>');
    expect(await current(token)).toBe('<b>x</b>');
  });
});

describe.each(DATABASES)('the avatar on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(() => s.close());

  /** An image uploaded by `token` for `purpose`, as the app sends it; returns its id. */
  async function uploaded(token: string, purpose: string): Promise<string> {
    const form = new FormData();
    form.append('purpose', purpose);
    form.append('file', new Blob([new Uint8Array(await png())], { type: 'image/png' }), 'me.png');
    const res = await fetch(`${s.url}/api/common/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const body = (await res.json()) as { code: number; data: { id: string } };
    expect(body.code).toBe(200);
    return body.data.id;
  }
  const setAvatar = (token: string, avatar: string | null) =>
    s.api<User>('/api/user/avatar', { avatar }, { token });

  it("takes the user's own avatar upload, and can remove it", async () => {
    const { token } = await registerUser(s);
    const id = await uploaded(token, 'avatar');
    const res = await setAvatar(token, id);
    expect(res.body.data.avatar).toBe(id);
    expect((await s.api<User>('/api/auth/userinfo', {}, { token })).body.data.avatar).toBe(id);
    expect((await setAvatar(token, null)).body.data.avatar).toBeNull();
  });

  it("refuses someone else's upload, an upload for another purpose and an unknown id, keeping the avatar", async () => {
    const me = await registerUser(s);
    const other = await registerUser(s);
    const mine = await uploaded(me.token, 'avatar');
    await setAvatar(me.token, mine);
    const theirs = await uploaded(other.token, 'avatar');
    const stolen = await setAvatar(me.token, theirs);
    expect(stolen.status).toBe(404);
    expect(stolen.body.data).toMatchObject({ error: 'upload_not_found', field: 'avatar' });
    const kyc = await uploaded(me.token, 'kyc');
    expect((await setAvatar(me.token, kyc)).body.data.error).toBe('upload_not_found');
    expect((await setAvatar(me.token, 'no-such-upload')).body.data.error).toBe('upload_not_found');
    expect((await s.api<User>('/api/auth/userinfo', {}, { token: me.token })).body.data.avatar).toBe(mine);
  });
});

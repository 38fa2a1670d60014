import type { User } from '@otc/protocol/auth/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../accounts.ts';
import { DATABASES, startServer, type TestServer } from '../harness.ts';

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

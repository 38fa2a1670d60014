import type { Session } from '@otc/protocol/auth/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldName, translate } from '../../../src/i18n/translate.ts';
import { registerUser } from '../support/accounts.ts';
import { DATABASES, startServer, type TestServer } from '../support/harness.ts';

/**
 * A NUL character in any text of a request is that field's invalid value, refused in the caller's
 * language before a handler runs (PostgreSQL cannot store it: the fuzzing found a nickname, a
 * search and a session id holding one answered with a 500).
 */
describe.each(DATABASES)('NUL characters in a request on %s', (kind) => {
  let s: TestServer;
  let user: Session;
  beforeAll(async () => {
    s = await startServer(kind);
    user = await registerUser(s);
  });
  afterAll(() => s.close());

  it('refuses a nickname holding one with a translated field error, leaving the nickname as it was', async () => {
    const nickname = async () =>
      (
        await s.db.query<{ nickname: string | null }>('SELECT nickname FROM users WHERE id = $1', [
          user.user.id,
        ])
      )[0]?.nickname;
    const before = await nickname();
    const res = await s.api(
      '/api/user/nickname',
      { nickname: 'Ann\u0000ie' },
      { token: user.token, lang: 'de' },
    );
    expect(res.status).toBe(400);
    expect(res.body.data).toMatchObject({ error: 'field_invalid', field: 'nickname' });
    expect(res.body.msg).toBe(translate('de', 'field_invalid', { field: fieldName('de', 'nickname') }));
    expect(await nickname()).toBe(before);
  });

  it('refuses one in a search and an id, and one hidden in a nested value', async () => {
    const search = await s.api('/api/common/search', { q: '\u0000' });
    expect(search.status).toBe(400);
    expect(search.body.data).toMatchObject({ error: 'field_invalid', field: 'q' });
    const end = await s.api('/api/auth/sessions/end', { id: 'a\u0000' }, { token: user.token });
    expect(end.body.data).toMatchObject({ error: 'field_invalid', field: 'id' });
    const nested = await s.api('/api/common/search', { q: 'btc', extra: { deep: ['ok', 'x\u0000'] } });
    expect(nested.body.data).toMatchObject({ error: 'field_invalid', field: 'extra' });
    // The same calls without the character are answered.
    expect((await s.api('/api/common/search', { q: 'btc' })).status).toBe(200);
  });
});

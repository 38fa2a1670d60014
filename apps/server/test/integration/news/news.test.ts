import type { AuditEntry } from '@otc/protocol/admin/schemas';
import type { HomeData, SearchResult } from '@otc/protocol/market/schemas';
import type { AdminNews, AdminNewsList, NewsDetail, NewsPage, NewsRead } from '@otc/protocol/news/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../support/accounts.ts';
import { ADMIN, DATABASES, manualClock, startServer, type TestServer } from '../support/harness.ts';

const HOUR = 3_600_000;
const REVIEWER = { email: 'news.reviewer@test.local', password: 'Reviewer-pass-1' };

describe.each(DATABASES)('news and announcements on %s', (kind) => {
  let s: TestServer;
  let reader: string;
  let other: string;
  beforeAll(async () => {
    s = await startServer(kind, { clock: 'manual', sessionDays: 365 });
    const admin = await login(ADMIN);
    expect(
      (await s.api('/api/admin/operators', { ...REVIEWER, role: 'reviewer' }, { token: admin })).body.code,
    ).toBe(200);
    reader = (await registerUser(s)).token;
    other = (await registerUser(s)).token;
  });
  afterAll(() => s.close());

  const login = async (who: { email: string; password: string }) =>
    (await s.api<{ token: string }>('/api/admin/login', who)).body.data.token;
  const at = (offsetMs: number) => new Date(manualClock(s).now() + offsetMs).toISOString();
  const save = async (body: Record<string, unknown>, who = ADMIN) =>
    s.api<AdminNews>(
      '/api/admin/news/save',
      { kind: 'news', tags: [], publishAt: at(-HOUR), ...body },
      { token: await login(who) },
    );
  const saved = async (body: Record<string, unknown>) => {
    const res = await save(body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const list = async (token: string, lang = 'en', body: Record<string, unknown> = {}) => {
    const res = await s.api<NewsPage>('/api/common/news', body, { token, lang });
    expect(
      res.status,
      s.logs
        .filter((l) => l.includes('rror'))
        .slice(-3)
        .join('\n'),
    ).toBe(200);
    return res.body.data;
  };
  const en = (title: string, body = '') => ({ title, summary: `${title} in short`, body });
  const adminItems = async () =>
    (
      await s.api<AdminNewsList>('/api/admin/news/list', undefined, {
        method: 'GET',
        token: await login(ADMIN),
      })
    ).body.data.items;

  it('serves the reader’s language, falling back to English, and renders the body safely', async () => {
    const item = await saved({
      texts: {
        en: en('Fees lowered', 'Spot fees are **lower** from today. [Details](https://otc.example/fees)'),
        de: { title: 'Gebühren gesenkt', summary: 'Kurz', body: 'Ab heute **niedriger**.' },
      },
    });
    const german = (await list(reader, 'de')).items.find((i) => i.id === item.id);
    expect(german).toMatchObject({
      title: 'Gebühren gesenkt',
      summary: 'Kurz',
      language: 'de',
      kind: 'news',
    });
    const french = (await list(reader, 'fr')).items.find((i) => i.id === item.id);
    expect(french).toMatchObject({ title: 'Fees lowered', summary: 'Fees lowered in short', language: 'en' });

    const detail = (
      await s.api<NewsDetail>('/api/news/detail', { id: item.id }, { token: reader, lang: 'fr' })
    ).body.data;
    expect(detail.html).toBe(
      '<p>Spot fees are <strong>lower</strong> from today. <a href="https://otc.example/fees" rel="noopener noreferrer" target="_blank" data-external="otc.example">Details</a></p>',
    );
  });

  it('hides a scheduled item until its publish time on the platform clock', async () => {
    const item = await saved({
      kind: 'announcement',
      publishAt: at(2 * HOUR),
      texts: { en: en('Maintenance Sunday') },
    });
    const ids = async () => (await list(reader)).items.map((i) => i.id);
    expect(await ids()).not.toContain(item.id);
    const hidden = await s.api('/api/news/detail', { id: item.id }, { token: reader });
    expect(hidden.status).toBe(404);
    expect((await s.api('/api/common/newread', { id: item.id }, { token: reader })).status).toBe(404);
    expect(
      (await s.api<HomeData>('/api/common/index', {})).body.data.announcements.map((a) => a.id),
    ).not.toContain(item.id);
    expect((await adminItems()).find((i) => i.id === item.id)?.published).toBe(false);

    manualClock(s).advance(2 * HOUR);
    expect(await ids()).toContain(item.id);
    const home = (await s.api<HomeData>('/api/common/index', {})).body.data;
    expect(home.announcements[0]).toEqual({
      id: item.id,
      title: 'Maintenance Sunday',
      publishedAt: item.publishAt,
    });
    expect((await list(reader, 'en', { kind: 'news' })).items.map((i) => i.id)).not.toContain(item.id);
  });

  it('counts one read per reader, however often it is marked', async () => {
    const item = await saved({ texts: { en: en('Counted once') } });
    const read = (token: string) => s.api<NewsRead>('/api/common/newread', { id: item.id }, { token });
    const [a, b] = await Promise.all([read(reader), read(reader)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect((await read(reader)).body.data).toEqual({ id: item.id, reads: 1, read: true });
    expect((await list(other)).items.find((i) => i.id === item.id)).toMatchObject({ reads: 1, read: false });
    expect((await read(other)).body.data.reads).toBe(2);
    expect((await list(reader)).items.find((i) => i.id === item.id)).toMatchObject({ reads: 2, read: true });
    // A visitor reads it too, with the count and no read mark of their own.
    const visitor = (await s.api<NewsPage>('/api/common/news', {})).body.data;
    expect(visitor.items.find((i) => i.id === item.id)).toMatchObject({ reads: 2, read: false });
    expect((await adminItems()).find((i) => i.id === item.id)?.reads).toBe(2);
  });

  it('shows an instrument’s news by its tag, and finds news by title in search', async () => {
    const tagged = await saved({ tags: ['aapl'], texts: { en: en('Apple earnings ahead') } });
    await saved({ tags: ['BTC/USDT'], texts: { en: en('Bitcoin halving talk') } });
    const apple = (await s.api<NewsPage>('/api/stock/news', { symbol: 'AAPL' })).body.data;
    expect(apple.items.map((i) => i.id)).toEqual([tagged.id]);
    expect(apple.items[0]?.tags).toEqual(['AAPL']);
    expect(apple.total).toBe(1);

    const found = (await s.api<SearchResult>('/api/common/search', { q: 'earnings' })).body.data;
    expect(found.news.map((n) => n.id)).toEqual([tagged.id]);
    // LIKE's wildcards are taken literally.
    expect((await s.api<SearchResult>('/api/common/search', { q: '%' })).body.data.news).toEqual([]);
  });

  it('shows script and HTML in a title as text, and audits every save', async () => {
    const title = '<script>alert(1)</script><img src=x onerror=alert(2)>';
    const item = await saved({ texts: { en: { title, summary: '', body: '<b onclick="x()">hi</b>' } } });
    const detail = (await s.api<NewsDetail>('/api/news/detail', { id: item.id }, { token: reader })).body
      .data;
    expect(detail.title).toBe(title);
    expect(detail.html).toBe('<p>&lt;b onclick=&quot;x()&quot;&gt;hi&lt;/b&gt;</p>');

    await saved({ id: item.id, texts: { en: en('Edited') } });
    const log = (
      await s.api<{ items: AuditEntry[] }>('/api/admin/audit', undefined, {
        method: 'GET',
        token: await login(ADMIN),
      })
    ).body.data.items.filter((e) => e.target === item.id && e.action.startsWith('news.'));
    expect(log.map((e) => e.action).sort()).toEqual(['news.create', 'news.edit']);
  });

  it('refuses bad input with a translated error and changes nothing', async () => {
    const before = (await adminItems()).length;
    const noEnglish = await save({ texts: { de: { title: 'Nur Deutsch', summary: '', body: '' } } });
    expect(noEnglish.status).toBe(400);
    expect(noEnglish.body.msg).toMatch(/English/);
    const german = await s.api(
      '/api/admin/news/save',
      { kind: 'news', tags: [], publishAt: at(0), texts: { de: { title: 'x', summary: '', body: '' } } },
      { token: await login(ADMIN), lang: 'de' },
    );
    expect(german.body.msg).toMatch(/englischen Text/);
    const unknownTag = await save({ tags: ['NOPE'], texts: { en: en('Tagged wrong') } });
    expect(unknownTag.status).toBe(400);
    expect(unknownTag.body.msg).toContain('NOPE');
    const reviewer = await save({ texts: { en: en('Not mine to write') } }, REVIEWER);
    expect(reviewer.status).toBe(403);
    const missing = await save({ id: '999999', texts: { en: en('Ghost') } });
    expect(missing.status).toBe(404);
    expect((await adminItems()).length).toBe(before);

    const unknown = await s.api('/api/news/detail', { id: '999999' }, { token: reader, lang: 'de' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe('Diese Meldung gibt es nicht.');
    expect((await s.api('/api/common/newread', { id: 'abc' }, { token: reader })).status).toBe(400);
    expect((await s.api('/api/common/newread', { id: '1' })).status).toBe(401);
  });
});

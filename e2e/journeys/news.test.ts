import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { AdminNewsList } from '@otc/protocol/news/schemas';
import { describe, expect, inject, it } from 'vitest';
import { E2E_ADMIN } from '../global-setup.ts';
import { existingAccount } from '../lib/accounts.ts';
import { expectNoAxeViolations } from '../lib/axe.ts';
import { usePhone } from '../lib/browser.ts';
import { logIn } from '../lib/login.ts';
import { operatorSignIn } from '../lib/operator.ts';
import { capture, openIn, text as say, strings } from '../lib/screens.ts';

const phone = usePhone();
const screens = path.resolve(import.meta.dirname, '../artifacts/screens');

async function api<T>(method: 'GET' | 'POST', path: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(inject('baseUrl') + path, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await res.json()) as { code: number; msg: string; data: T };
  if (envelope.code !== 200) throw new Error(`${path}: ${envelope.msg}`);
  return envelope.data;
}

describe('news and announcements', () => {
  it('an operator publishes an announcement in English and German; a German reader sees it in German, opens it, and the read count moves', async () => {
    const tag = Date.now().toString(36);
    const english = `Maintenance on Sunday ${tag}`;
    const german = `Wartung am Sonntag ${tag}`;

    // The back office: a new item, English and German tabs, previewed as readers will see it.
    const admin = await phone.newPage();
    await operatorSignIn(admin);
    await admin.getByTestId('nav-news').click();
    await admin.getByTestId('news-create').click();
    const dialog = admin.getByTestId('news-dialog');
    await dialog.locator('select[name=kind]').selectOption('announcement');
    await dialog.locator('input[name=title]').fill(english);
    await dialog.locator('input[name=summary]').fill('Trading pauses for an hour.');
    await dialog
      .locator('textarea[name=body]')
      .fill('Trading pauses on **Sunday**. [Status](https://status.example.com)');
    await expect
      .poll(() => dialog.getByTestId('news-preview').innerHTML())
      .toContain('<strong>Sunday</strong>');
    await dialog.getByTestId('news-lang-de').click();
    await dialog.locator('input[name=title]').fill(german);
    await dialog.locator('input[name=summary]').fill('Der Handel pausiert eine Stunde.');
    await dialog
      .locator('textarea[name=body]')
      .fill(
        'Der Handel pausiert am **Sonntag**. <script>alert(1)</script> [Status](https://status.example.com)',
      );
    mkdirSync(screens, { recursive: true });
    await admin.screenshot({ path: path.join(screens, 'en-admin-news-editor.png') });
    await dialog.getByTestId('news-save').click();
    const row = admin.locator('tr', { hasText: english });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.getByTestId('news-state').innerText()).toBe('Published');
    expect(await row.getByTestId('news-reads').innerText()).toBe('0');
    await expectNoAxeViolations(admin, { where: 'back office news' });

    // A German reader: home's strip, then News, then the item.
    const user = await existingAccount('news');
    const page = await openIn(phone, 'de');
    await logIn(page, user.email, user.password);
    await page.goto('/#/');
    await expect.poll(() => page.getByTestId('announcements').innerText()).toContain(german);
    await page.goto('/#/pages/index/News');
    const item = page.locator('a', { hasText: german });
    await expect.poll(() => item.count()).toBe(1);
    // The unread mark and the read count come with the list's own answer, a moment after the title.
    await expect.poll(() => item.innerText()).toContain('Neu');
    await expect.poll(() => item.innerText()).toContain('Gelesen von 0');
    await expectNoAxeViolations(page, { where: 'News (de)' });
    await item.click();
    await expect.poll(() => page.getByTestId('news-detail-title').innerText()).toBe(german);
    await expect.poll(() => page.getByTestId('news-detail-reads').innerText()).toBe('Gelesen von 1');
    const body = page.getByTestId('news-detail-body');
    expect(await body.innerHTML()).toContain('<strong>Sonntag</strong>');
    // The pasted script is text on the page, not a script.
    expect(await body.innerText()).toContain('<script>alert(1)</script>');
    expect(await body.locator('script').count()).toBe(0);
    const link = body.locator('a');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('data-external')).toBe('status.example.com');
    expect(await page.getByTestId('news-detail-time').innerText()).toMatch(/^Veröffentlicht /);
    await expectNoAxeViolations(page, { where: 'news detail (de)' });

    // Search finds it by a word of its German title, and opens it.
    await page.goto('/#/pages/index/search');
    await page.getByTestId('search-input').fill(tag);
    await expect
      .poll(() => page.getByTestId('search-news-result').allInnerTexts())
      .toEqual([expect.stringContaining(german)]);
    await page.getByTestId('search-news-result').click();
    await expect.poll(() => page.getByTestId('news-detail-title').innerText()).toBe(german);

    // Read once, counted once: again, and the operator sees 1.
    await page.reload();
    await expect.poll(() => page.getByTestId('news-detail-reads').innerText()).toBe('Gelesen von 1');
    const token = (await api<{ token: string }>('POST', '/api/admin/login', E2E_ADMIN)).token;
    const items = (await api<AdminNewsList>('GET', '/api/admin/news/list', undefined, token)).items;
    expect(items.find((n) => n.texts.en?.title === english)?.reads).toBe(1);
    await admin.getByTestId('news-refresh').click();
    await expect.poll(() => row.getByTestId('news-reads').innerText()).toBe('1');

    // The list and the item, for people to look at in English and German.
    for (const lang of ['en', 'de']) {
      const shown = await openIn(phone, lang);
      await logIn(shown, user.email, user.password);
      await shown.goto('/#/pages/index/News');
      await capture(shown, lang, 'news', say(strings(lang), 'content.news.title'), 'news-reads');
      await shown.locator('a', { hasText: lang === 'de' ? german : english }).click();
      await capture(shown, lang, 'news-detail', lang === 'de' ? german : english, 'news-detail-body');
      await shown.goto('/#/');
      await capture(shown, lang, 'home-announcements', lang === 'de' ? german : english, 'announcement');
    }
  }, 180_000);
});

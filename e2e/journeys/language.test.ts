import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGES } from '@otc/protocol/languages';
import { describe, expect, it } from 'vitest';
import { usePhone } from '../lib/browser.ts';

const phone = usePhone();
const locales = path.resolve(import.meta.dirname, '../../apps/web/src/i18n/locales');
const title = (lang: string) =>
  (
    JSON.parse(readFileSync(path.join(locales, `${lang}.json`), 'utf8')) as {
      settings: { main: { title: string } };
    }
  ).settings.main.title;

describe('languages', () => {
  it('switches the whole app to each of the 12 languages and remembers the choice', async () => {
    const page = await phone.newPage();
    await page.goto('/#/pages/login/login');
    await page.getByTestId('demo-login').click();
    await page.getByTestId('tab-assets').click();
    await page.getByTestId('settings-link').click();

    for (const lang of [...LANGUAGES.filter((l) => l !== 'en'), 'en']) {
      await page.getByTestId(`lang-${lang}`).click();
      // Some titles are alike across languages (ja and zh-TW both say 設定): the document's language decides.
      await expect
        .poll(() => page.evaluate(() => document.documentElement.lang), { message: lang })
        .toBe(lang);
      await expect.poll(() => page.getByTestId('nav-title').innerText(), { message: lang }).toBe(title(lang));
    }
    await page.getByTestId('lang-ja').click();
    await page.reload();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('ja');
    await expect.poll(() => page.getByTestId('nav-title').innerText()).toBe(title('ja'));
    // The server answers in the chosen language too.
    const msg = await page.evaluate(async () => {
      const res = await fetch('/api/auth/userinfo', { method: 'POST', headers: { 'accept-language': 'ja' } });
      return ((await res.json()) as { msg: string }).msg;
    });
    expect(msg).not.toBe('Please log in.');
  });
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGES } from '@otc/protocol/languages';
import { describe, expect, it } from 'vitest';
import { usePhone } from '../lib/browser.ts';

const phone = usePhone();
const locales = path.resolve(import.meta.dirname, '../../apps/web/src/i18n/locales');
const english = JSON.parse(readFileSync(path.join(locales, 'en.json'), 'utf8')) as {
  home: { title: string };
  market: { quotation: { title: string } };
} & Record<string, unknown>;
/** A key shown as it is (a missing string): an area's name, a dot and a word. */
const rawKey = new RegExp(`\\b(${Object.keys(english).join('|')})\\.[a-zA-Z]`);
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

  it("shows home whole before the other pages' strings arrive, and the next page once they have", async () => {
    const page = await phone.newPage();
    // Hold back the second tier of strings (every area beyond home's) until home has been checked.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const asked: string[] = [];
    await page.route(/\/strings-[\w-]+-rest-[\w-]+\.js$/, async (route) => {
      asked.push(route.request().url());
      await held;
      await route.continue();
    });
    await page.goto('/#/');
    await expect.poll(() => page.getByTestId('nav-title').innerText()).toBe(english.home.title);
    await expect.poll(() => page.getByTestId('mover-row').count()).toBeGreaterThan(0);
    expect(await page.locator('body').innerText()).not.toMatch(rawKey);

    // Another page waits for its strings: home stays until they come, then the page shows in words.
    await page.getByTestId('tab-markets').click();
    await expect.poll(() => asked.length).toBeGreaterThan(0);
    expect(await page.getByTestId('nav-title').innerText()).toBe(english.home.title);
    await expect.poll(() => page.getByTestId('nav-progress').isVisible()).toBe(true);
    release();
    await expect.poll(() => page.getByTestId('nav-title').innerText()).toBe(english.market.quotation.title);
    expect(await page.locator('body').innerText()).not.toMatch(rawKey);
  });
});

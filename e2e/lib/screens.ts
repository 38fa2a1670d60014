import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Screens saved for people to look at, at 390 x 844, to e2e/artifacts/screens/<lang>-<page>.png,
 * and checked for what a person would see wrong: the title in that language, no raw string key,
 * nothing wider than the phone. Shared by the screenshots journey and journeys whose screens only
 * exist at one moment of their story (the embedded default's sample bank account, before an
 * operator replaces it).
 */
const screens = path.resolve(import.meta.dirname, '../artifacts/screens');
const locales = path.resolve(import.meta.dirname, '../../apps/web/src/i18n/locales');

export type Strings = Record<string, unknown>;
export const strings = (lang: string): Strings =>
  JSON.parse(readFileSync(path.join(locales, `${lang}.json`), 'utf8')) as Strings;
export const text = (bundle: Strings, key: string): string =>
  key.split('.').reduce<unknown>((n, p) => (n as Strings)[p], bundle) as string;
/** A key shown as it is (a missing string): an area's name, a dot and a word, e.g. assets.journal. */
const rawKey = new RegExp(`\\b(${Object.keys(strings('en')).join('|')})\\.[a-zA-Z]`);

/** A page of the phone with the app's language set to `lang`. */
export async function openIn(phone: { newPage(): Promise<Page> } | Browser, lang: string): Promise<Page> {
  const page = await phone.newPage();
  await page.addInitScript((v) => {
    localStorage.setItem('lang', JSON.stringify({ v, e: Date.now() + 86_400_000 }));
  }, lang);
  return page;
}

/**
 * Waits for the page's content (`ready`, a test id), saves the screen (so a failing check still
 * leaves it), then checks what it shows.
 */
export async function capture(page: Page, lang: string, name: string, heading: string, ready: string) {
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(lang);
  await expect.poll(() => page.locator('body').innerText()).toContain(heading);
  await page.getByTestId(ready).first().waitFor({ state: 'visible', timeout: 30_000 });
  await settled(page);
  // And the fonts they need (Japanese comes over a route: see lib/fonts.ts).
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  mkdirSync(screens, { recursive: true });
  await page.screenshot({ path: path.join(screens, `${lang}-${name}.png`), fullPage: true });
  const body = await page.locator('body').innerText();
  expect(body.match(rawKey)?.[0], `${lang} ${name}: a raw key`).toBeUndefined();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${lang} ${name}: wider than the phone`).toBeLessThanOrEqual(390);
}

/**
 * Prices and balances arrive just after the frame: waits until what the page says has not changed
 * for 300 ms and no spinner turns, at most 1.5 s (a live price may never stand still that long).
 */
async function settled(page: Page) {
  const until = Date.now() + 1500;
  let said = await page.locator('body').innerText();
  let since = Date.now();
  while (Date.now() < until) {
    await page.waitForTimeout(100);
    const now = await page.locator('body').innerText();
    if (now !== said) {
      said = now;
      since = Date.now();
    } else if (Date.now() - since >= 300 && (await page.locator('.spinner').count()) === 0) return;
  }
}

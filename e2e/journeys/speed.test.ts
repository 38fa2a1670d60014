import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { usePhone } from '../lib/browser.ts';

const phone = usePhone();

/** The page's cumulative layout shift so far, as Lighthouse counts it (shifts not after input). */
function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let sum = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
          })[]) {
            if (!entry.hadRecentInput) sum += entry.value;
          }
          resolve(sum);
        }).observe({ type: 'layout-shift', buffered: true });
        // No shift at all: the observer is never called.
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(sum)));
      }),
  );
}

describe('speed on a phone (issue 13)', () => {
  it("home's shortcuts stay where they are when its prices and announcements arrive", async () => {
    const page = await phone.newPage();
    // Home's data (prices, announcements) is held back until the page has drawn without it.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/common/index', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/');
    await expect.poll(() => page.getByTestId('home-highlights-pending').count()).toBe(1);
    const shortcuts = page.getByTestId('home-shortcuts');
    const before = await shortcuts.boundingBox();

    release();
    await expect.poll(() => page.getByTestId('home-ticker-BTC/USDT').first().innerText()).toMatch(/\d/);
    await expect.poll(() => page.getByTestId('announcements').count()).toBe(1);
    expect(await page.getByTestId('home-highlights-pending').count()).toBe(0);
    expect(await shortcuts.boundingBox()).toEqual(before);
    expect(await layoutShift(page)).toBeLessThan(0.05);
  });

  it('index.html asks for the page of the route it opens on before the app has run, and only that one', async () => {
    const page = await phone.newPage();
    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    // The app's entry is held back: whatever is asked for meanwhile, index.html asked for.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/#/pages/index/quotation', { waitUntil: 'commit' });
    await expect
      .poll(() => requested.some((url) => /\/assets\/QuotationPage-[\w-]+\.js$/.test(url)))
      .toBe(true);
    release();
    await expect.poll(() => page.getByTestId('quote-row').count()).toBeGreaterThan(0);
    expect(requested.filter((url) => /\/assets\/HomePage-/.test(url))).toEqual([]);
  });

  it('serves the production build: no script the app loads carries React development code', async () => {
    const page = await phone.newPage();
    const scripts: string[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.push(res.url());
    });
    await page.goto('/');
    await expect.poll(() => page.getByTestId('home-shortcuts').count()).toBe(1);
    expect(scripts.length).toBeGreaterThan(0);
    // Development JSX calls jsxDEV (with file and line of every element): slower and far larger.
    const dev: string[] = [];
    for (const url of scripts) if ((await (await fetch(url)).text()).includes('jsxDEV')) dev.push(url);
    expect(dev).toEqual([]);
  });
});

import { isSessionOpen } from '@otc/core/market/sessions';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../lib/axe.ts';
import { usePhone } from '../lib/browser.ts';

const phone = usePhone();
const text = (page: Page, testId: string) => page.getByTestId(testId).first().innerText();

/** The simulated feed ticks every second; a price that changes shows the page is live. */
async function expectLive(page: Page, testId: string) {
  const first = await text(page, testId);
  expect(first).toMatch(/\d/);
  await expect.poll(() => text(page, testId), { timeout: 20_000 }).not.toBe(first);
}

describe('markets', () => {
  it('prices move on home and on the quotation list without a reload', async () => {
    const page = await phone.newPage();
    await page.goto('/');
    await expectLive(page, 'price-BTC/USDT');
    // A moved price is lit in its direction's colour, then goes out by itself (a class, not a
    // colour animation repainting the page every frame while prices move).
    const lit = page.locator('.live-price.flash-up, .live-price.flash-down').first();
    await lit.waitFor({ state: 'attached', timeout: 20_000 });
    const cell = await lit.elementHandle();
    expect(await cell?.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
    await expect
      .poll(() => cell?.evaluate((el) => !el.isConnected || !/flash-/.test(el.className)), { timeout: 5_000 })
      .toBe(true);
    const priceAnimations = () =>
      document
        .getAnimations()
        .filter((a) => (a.effect as KeyframeEffect | null)?.target?.classList.contains('live-price')).length;
    expect(await page.evaluate(priceAnimations)).toBe(0);
    await expectNoAxeViolations(page, { where: 'home' });
    await page.getByTestId('tab-markets').click();
    await page.getByTestId('quote-tab-crypto').click();
    await expectLive(page, 'price-ETH/USDT');
    await expectNoAxeViolations(page, { where: 'market list' });
    // Each row's 24 h turnover in its own quote currency, compact: USDT for a coin, yen for USD/JPY
    // (the volume sort ranks them by their value in USDT, market.test.ts).
    const volumeOf = (symbol: string) =>
      page.locator(`[data-testid=quote-row][data-symbol="${symbol}"] .quote-sub`).innerText();
    await expect.poll(() => volumeOf('ETH/USDT')).toMatch(/^Vol [\d.,]+[KMBT]? USDT$/);
    await page.getByTestId('quote-tab-forex').click();
    await expect.poll(() => volumeOf('USD/JPY')).toMatch(/^Vol [\d.,]+[KMBT]? JPY$/);
    expect(await volumeOf('EUR/USD')).toMatch(/^Vol [\d.,]+[KMBT]? USD$/);
  });

  it('a chart shows history and grows live', async () => {
    const page = await phone.newPage();
    await page.goto('/#/pages/futures/heyueDetail?symbol=BTC-PERP');
    const chart = page.locator('[data-testid=chart] .chart-root');
    await page.getByTestId('interval-1m').click();
    await expect.poll(() => chart.getAttribute('data-bars'), { timeout: 20_000 }).toMatch(/^\d{3,}$/);
    const last = await chart.getAttribute('data-last');
    await expect.poll(() => chart.getAttribute('data-last'), { timeout: 20_000 }).not.toBe(last);
    await expectLive(page, 'detail-price');
    // BTC-PERP's tick is 0.01: its price always shows both places (67,433.80, never 67,433.8), and
    // its 24 h volume is turnover in USDT, compact (exchanges show the quote volume, not coins).
    expect(await text(page, 'detail-price')).toMatch(/^\d{1,3}(,\d{3})*\.\d{2}$/);
    expect(await text(page, 'detail-high')).toMatch(/^\d{1,3}(,\d{3})*\.\d{2}$/);
    expect(await text(page, 'detail-volume')).toMatch(/^[\d.,]+[KMBT]? USDT$/);
    await expectNoAxeViolations(page, { where: 'chart' });
  });

  it('a stock outside its trading session shows the market-closed notice', async () => {
    const page = await phone.newPage();
    await page.goto('/#/pages/option/stocksDetail?symbol=AAPL');
    await expect.poll(() => text(page, 'detail-price')).toMatch(/\d/);
    if (isSessionOpen('us-stock', Date.now())) {
      // New York is trading right now: the notice must not show, and the stock is open.
      await expect.poll(() => text(page, 'detail-status')).toMatch(/open/i);
      expect(await page.getByTestId('market-closed').count()).toBe(0);
    } else {
      await expect.poll(() => text(page, 'market-closed')).toMatch(/closed/i);
    }
    await expectNoAxeViolations(page, { where: 'stock detail' });
    // Crypto trades around the clock: its detail never shows the notice.
    await page.goto('/#/pages/futures/heyueDetail?symbol=BTC-PERP');
    // Wait for the perpetual's own header: until its page has loaded, the stock's is still shown.
    await expect.poll(() => text(page, 'detail-symbol')).toMatch(/BTC/);
    await expect.poll(() => text(page, 'detail-price')).toMatch(/\d/);
    expect(await page.getByTestId('market-closed').count()).toBe(0);
  });

  it('favourites persist across a reload', async () => {
    const page = await phone.newPage();
    await page.goto('/#/pages/login/login');
    await page.getByTestId('demo-login').click();
    await page.getByTestId('tab-markets').click();
    await page.getByTestId('quote-tab-crypto').click();
    await page.getByTestId('fav-SOL/USDT').first().click();
    await page.reload();
    await page.getByTestId('quote-tab-favorites').click();
    await expect
      .poll(() => page.getByTestId('quote-row').allInnerTexts())
      .toEqual([expect.stringContaining('SOL/USDT')]);
    await expectNoAxeViolations(page, { where: 'favourites' });
  });

  it('search finds a pair by part of its name and opens it', async () => {
    const page = await phone.newPage();
    await page.goto('/#/pages/index/search');
    await page.getByTestId('search-input').fill('sol');
    await expect
      .poll(() => page.getByTestId('search-result').allInnerTexts())
      .toContainEqual(expect.stringContaining('SOL/USDT'));
    await expectNoAxeViolations(page, { where: 'search' });
    await page.locator('[data-testid=search-result][data-symbol="SOL/USDT"]').click();
    await expect.poll(() => page.evaluate(() => decodeURIComponent(location.hash))).toContain('SOL/USDT');
  });
});

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { existingAccount } from '../lib/accounts.ts';
import { usePhone } from '../lib/browser.ts';

const phone = usePhone();
const text = (page: Page, testId: string) => page.getByTestId(testId).first().innerText();
const hashPath = (page: Page) => decodeURIComponent(new URL(page.url()).hash.slice(1));

/** The element's box lies wholly on the first screen, above the tab bar, with the page not scrolled. */
async function expectOnFirstScreen(page: Page, testId: string) {
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const box = await page.getByTestId(testId).boundingBox();
  const tabBar = await page.getByTestId('tab-bar').boundingBox();
  if (!box || !tabBar) throw new Error(`${testId} or the tab bar is not on screen`);
  expect(box.y, testId).toBeGreaterThanOrEqual(0);
  expect(box.x, testId).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, testId).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
  expect(box.y + box.height, `${testId} ends above the tab bar`).toBeLessThanOrEqual(tabBar.y);
}

/** On pages without a tab bar: the element is wholly within the viewport without scrolling. */
async function expectOnFirstScreenNoTabs(page: Page, testId: string) {
  const box = await page.getByTestId(testId).boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) throw new Error(`${testId} is not on screen`);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
}

async function expectBookLevels(page: Page) {
  for (const side of ['asks', 'bids']) {
    await expect
      .poll(() => page.getByTestId(`book-${side}`).getByTestId('book-level').count(), { timeout: 30_000 })
      .toBeGreaterThan(0);
  }
}

describe('the trade screen at 390 x 844', () => {
  it('keeps the order button on the first screen, above the tab bar, for limit and market, buy and sell', async () => {
    const page = await phone.newPage();
    await page.goto('/#/pages/login/login');
    await page.getByTestId('demo-login').click();
    await expect.poll(() => page.getByTestId('demo-badge').isVisible()).toBe(true);
    await page.getByTestId('tab-trade').click();
    await expect.poll(() => text(page, 'last-price'), { timeout: 20_000 }).toMatch(/\d/);
    await expectBookLevels(page);
    // The balance line under the quantity is in (it makes the ticket taller).
    await expect.poll(() => page.getByTestId('pct-25').isEnabled()).toBe(true);

    for (const side of ['buy', 'sell'] as const) {
      await page.getByTestId(`side-${side}`).click();
      for (const type of ['limit', 'market'] as const) {
        await page.getByTestId(`type-${type}`).click();
        await expect
          .poll(() => text(page, 'place-order'))
          .toMatch(side === 'buy' ? /^Buy BTC$/ : /^Sell BTC$/);
        await expectOnFirstScreen(page, 'place-order');
      }
    }
    // The book stands beside the ticket, on the same screen.
    await expectOnFirstScreen(page, 'book-bids');

    // The chart waits behind its toggle, and opens below the ticket.
    expect(await page.getByTestId('chart').count()).toBe(0);
    await page.getByTestId('chart-toggle').click();
    await expect.poll(() => page.getByTestId('chart').isVisible()).toBe(true);
    expect(await page.getByTestId('chart-toggle').getAttribute('aria-expanded')).toBe('true');
    const chart = await page.getByTestId('chart').boundingBox();
    const button = await page.getByTestId('place-order').boundingBox();
    expect(chart && button && chart.y > button.y).toBe(true);
  });

  it('shows a guest the live book and trades, and "Log in to trade" leads to login and back to the pair', async () => {
    const { email, password } = await existingAccount('guesttrade');
    const page = await phone.newPage();
    await page.goto('/#/pages/index/buy?symbol=ETH/USDT');
    await expect.poll(() => text(page, 'spot-symbol')).toBe('ETH/USDT');
    await expectBookLevels(page);
    await expect.poll(() => text(page, 'last-price')).toMatch(/\d/);
    expect(await page.getByTestId('recent-trades').count()).toBe(1);
    // No login dialog over the screen, and no order lists of an account.
    expect(await page.getByTestId('dialog-ok').count()).toBe(0);
    expect(await page.getByTestId('orders-tab-open').count()).toBe(0);
    expect(await page.getByTestId('place-order').count()).toBe(0);
    expect(await text(page, 'login-to-trade')).toBe('Log in to trade');
    await expectOnFirstScreen(page, 'login-to-trade');

    await page.getByTestId('login-to-trade').click();
    await expect
      .poll(() => hashPath(page))
      .toBe('/pages/login/login?redirect=/pages/index/buy?symbol=ETH/USDT');
    await page.fill('input[name=account]', email);
    await page.fill('input[name=password]', password);
    await page.getByTestId('submit').click();

    await expect.poll(() => hashPath(page)).toBe('/pages/index/buy?symbol=ETH/USDT');
    await expect.poll(() => text(page, 'spot-symbol')).toBe('ETH/USDT');
    await expect.poll(() => text(page, 'place-order')).toBe('Buy ETH');
    expect(await page.getByTestId('login-to-trade').count()).toBe(0);
    await expect.poll(() => page.getByTestId('orders-tab-open').isVisible()).toBe(true);
  });

  it('titles an instrument page by its class, and its Buy/Sell open the right ticket with the pair and side', async () => {
    const page = await phone.newPage();
    await page.goto('/#/pages/futures/heyueDetail?symbol=ETH/USDT');
    await expect.poll(() => text(page, 'detail-symbol')).toBe('ETH/USDT');
    await expect.poll(() => text(page, 'nav-title')).toBe('Spot');
    await expect.poll(() => page.title()).toBe('Spot - OTC Markets');
    await expectOnFirstScreenNoTabs(page, 'detail-sell');

    await page.getByTestId('detail-sell').click();
    await expect.poll(() => hashPath(page)).toBe('/pages/index/buy?symbol=ETH/USDT&side=sell');
    await expect.poll(() => text(page, 'spot-symbol')).toBe('ETH/USDT');
    expect(await page.getByTestId('side-sell').getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByTestId('side-buy').getAttribute('aria-pressed')).toBe('false');
    await page.goBack();
    await page.getByTestId('detail-buy').click();
    await expect.poll(() => hashPath(page)).toBe('/pages/index/buy?symbol=ETH/USDT&side=buy');
    expect(await page.getByTestId('side-buy').getAttribute('aria-pressed')).toBe('true');

    // A perpetual is titled so, and its Buy opens the Futures screen on that contract.
    await page.goto('/#/pages/futures/heyueDetail?symbol=ETH-PERP');
    await expect.poll(() => text(page, 'nav-title')).toBe('Perpetual');
    await page.getByTestId('detail-buy').click();
    await expect.poll(() => hashPath(page)).toBe('/pages/index/Futures?symbol=ETH-PERP&side=buy');
    await expect.poll(() => page.getByTestId('pick-ETH-PERP').getAttribute('aria-checked')).toBe('true');

    // A stock CFD's page is its ticket.
    await page.goto('/#/pages/option/stocksDetail?symbol=AAPL');
    await expect.poll(() => text(page, 'nav-title')).toBe('Stock CFD');
  });

  it('Futures and the CFD page hold a working ticket that asks a guest to log in', async () => {
    const page = await phone.newPage();
    // Options (seconds contracts) trades now: e2e/journeys/seconds.test.ts.

    // Perpetuals and CFDs trade (issue 16): the ticket is there, its button leads a guest to log in.
    await page.goto('/#/pages/index/Futures');
    await expect.poll(() => page.getByTestId('tab-futures').getAttribute('aria-current')).toBe('page');
    await expect.poll(() => page.getByTestId('position-ticket').count()).toBe(1);
    expect(await page.getByTestId('coming-soon-banner').count()).toBe(0);
    expect(await text(page, 'login-to-trade')).toBe('Log in to trade');

    await page.goto('/#/pages/option/stocksDetail?symbol=AAPL');
    await expect.poll(() => text(page, 'detail-price')).toMatch(/\d/);
    await expect.poll(() => page.getByTestId('position-ticket').count()).toBe(1);
    expect(await page.getByTestId('coming-soon-banner').count()).toBe(0);
    expect(await text(page, 'login-to-trade')).toBe('Log in to trade');
  });
});

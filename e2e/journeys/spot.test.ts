import { formatUnits, parseUnits, roundUnits } from '@otc/core/money/decimal';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../lib/axe.ts';
import { usePhone } from '../lib/browser.ts';
import { demoOnTradeTab } from '../lib/trade.ts';

const phone = usePhone();
const text = (page: Page, testId: string) => page.getByTestId(testId).first().innerText();

/** A phone whose session is already stored opens the trade tab. */
async function demoOnTradeTabSignedIn(page: Page) {
  await page.goto('/#/pages/index/index');
  await expect.poll(() => page.getByTestId('tab-trade').isVisible()).toBe(true);
  await page.getByTestId('tab-trade').click();
  await expect.poll(() => text(page, 'last-price'), { timeout: 20_000 }).toMatch(/\d/);
}

/** A second phone signed in as the user of `page`: its stored session, as a sign-in would leave it. */
async function sameUserOnAnotherPhone(page: Page): Promise<Page> {
  const stored = await page.evaluate(() => ({
    token: localStorage.getItem('token'),
    user: localStorage.getItem('user'),
  }));
  const other = await phone.newPage();
  await other.addInitScript((s) => {
    if (s.token) localStorage.setItem('token', s.token);
    if (s.user) localStorage.setItem('user', s.user);
  }, stored);
  return other;
}

describe('spot trading', () => {
  it('a demo user buys BTC at market, places and cancels a limit sell above the market; another phone sees the trade live', async () => {
    const watcher = await phone.newPage();
    await demoOnTradeTab(watcher);
    const tradesBefore = await watcher.getByTestId('trade-row').count();

    const page = await phone.newPage();
    await demoOnTradeTab(page);
    await expectNoAxeViolations(page, { where: 'spot trading' });
    await page.getByTestId('side-buy').click();
    await page.getByTestId('type-market').click();
    await page.fill('input[name=qty]', '0.01');
    await page.getByTestId('place-order').click();
    await expect.poll(() => text(page, 'toast')).toContain('Order placed');
    await expect
      .poll(() => watcher.getByTestId('trade-row').count(), { timeout: 15_000 })
      .toBeGreaterThan(tradesBefore);

    await page.getByTestId('side-sell').click();
    await page.getByTestId('type-limit').click();
    const last = parseUnits((await text(page, 'last-price')).replace(/[^\d.]/g, ''));
    // 10% above the market, on BTC/USDT's 0.01 tick: past the 5% warning. Declined, it places nothing.
    const high = formatUnits(roundUnits((last * 11n) / 10n, 2));
    await page.fill('input[name=price]', high);
    await page.fill('input[name=qty]', '0.005');
    await page.getByTestId('place-order').click();
    await expect.poll(() => text(page, 'price-warning')).toMatch(/\d+(\.\d+)?%/);
    await page.getByTestId('dialog-cancel').click();
    await page.getByTestId('orders-tab-open').click();
    await expect.poll(() => page.getByText('List is empty').isVisible()).toBe(true);

    // One tick above the best ask: it rests near the top of the book (20 levels deep), where it shows.
    const askPrices = async () =>
      (
        await page
          .locator(`[data-testid=book-asks] [data-testid=book-level]`)
          .evaluateAll((els) => els.map((e) => e.getAttribute('data-price')))
      ).map((p) => formatUnits(parseUnits(p ?? '0')));
    const [bestAsk = 0n] = (await askPrices()).map(parseUnits).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const near = formatUnits(bestAsk + parseUnits('0.01'));
    await page.fill('input[name=price]', near);
    await page.getByTestId('place-order').click();
    await expect.poll(() => text(page, 'toast')).toContain('Order placed');
    await expect.poll(() => page.getByTestId('order-row').count()).toBe(1);
    await expectNoAxeViolations(page, { where: 'spot trading, an open order' });
    // The book is redrawn on its own (throttled) depth updates, not with the order list: wait for it.
    await expect.poll(askPrices).toContain(near);

    await page.getByTestId('cancel-order').click();
    // The dialog's buttons say what they do (issue #13).
    expect(await text(page, 'dialog-ok')).toBe('Cancel order');
    expect(await text(page, 'dialog-cancel')).toBe('Keep order');
    await page.getByTestId('dialog-ok').click();
    await expect.poll(() => text(page, 'toast')).toContain('Order cancelled');
    await expect.poll(() => page.getByTestId('order-row').count()).toBe(0);
    await page.getByTestId('orders-tab-history').click();
    await expect.poll(() => page.getByTestId('order-row').count()).toBeGreaterThanOrEqual(2);

    await page.goto('/#/pages/index/Assets');
    await expect.poll(() => text(page, 'balance-available-BTC')).toContain('0.01');
  });

  it('the same account on a second phone sees a new order appear, and go when cancelled, without reloading', async () => {
    const page = await phone.newPage();
    await demoOnTradeTab(page);
    const other = await sameUserOnAnotherPhone(page);
    await demoOnTradeTabSignedIn(other);
    await other.getByTestId('orders-tab-open').click();
    await expect.poll(() => other.getByText('List is empty').isVisible()).toBe(true);
    expect(await other.getByTestId('order-row').count()).toBe(0);

    // Far under the market: it rests.
    const last = parseUnits((await text(page, 'last-price')).replace(/[^\d.]/g, ''));
    const low = formatUnits(roundUnits((last * 8n) / 10n, 2));
    await page.getByTestId('side-buy').click();
    await page.getByTestId('type-limit').click();
    await page.fill('input[name=price]', low);
    await page.fill('input[name=qty]', '0.001');
    await page.getByTestId('place-order').click();
    await page.getByTestId('dialog-ok').click();
    await expect.poll(() => text(page, 'toast')).toContain('Order placed');
    // The open list polls every 15 s; the private channel brings it in well within 5.
    await expect.poll(() => other.getByTestId('order-row').count(), { timeout: 5000 }).toBe(1);

    await page.getByTestId('orders-tab-open').click();
    await page.getByTestId('cancel-order').click();
    await page.getByTestId('dialog-ok').click();
    await expect.poll(() => other.getByTestId('order-row').count(), { timeout: 5000 }).toBe(0);
  });

  it('the same account on a second phone sees its assets change with a trade, without reloading', async () => {
    const page = await phone.newPage();
    await demoOnTradeTab(page);
    const other = await sameUserOnAnotherPhone(page);
    await other.goto('/#/pages/index/Assets');
    const usdtBefore = parseUnits((await text(other, 'balance-available-USDT')).replace(/[^\d.]/g, ''));

    await page.getByTestId('side-buy').click();
    await page.getByTestId('type-market').click();
    await page.fill('input[name=qty]', '0.01');
    await page.getByTestId('place-order').click();
    await expect.poll(() => text(page, 'toast')).toContain('Order placed');

    // The assets page fetches on opening only; the private channel brings the trade in.
    await expect.poll(() => text(other, 'balance-available-BTC'), { timeout: 5000 }).toContain('0.01');
    const usdtAfter = parseUnits((await text(other, 'balance-available-USDT')).replace(/[^\d.]/g, ''));
    expect(usdtAfter < usdtBefore).toBe(true);
  });
});

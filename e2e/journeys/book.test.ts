import { formatUnits, parseUnits } from '@otc/core/money/decimal';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { usePhone } from '../lib/browser.ts';
import { demoOnTradeTab } from '../lib/trade.ts';

const phone = usePhone();
const text = (page: Page, testId: string) => page.getByTestId(testId).first().innerText();

const levelPrices = (page: Page, side: 'asks' | 'bids') =>
  page
    .locator(`[data-testid=book-${side}] [data-testid=book-level]`)
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-price') ?? ''));

/** Prices low to high, exactly. */
const ascending = (prices: string[]) => prices.map(parseUnits).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

const tradeIds = (page: Page) =>
  page
    .locator('[data-testid=trade-row]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-trade-id')));

describe('order book and recent trades', () => {
  it('after a reload, Recent trades shows each trade once (the snapshot and the channel replay merged by id)', async () => {
    const page = await phone.newPage();
    await demoOnTradeTab(page);
    await page.getByTestId('type-market').click();
    await page.fill('input[name=qty]', '0.001');
    await page.getByTestId('place-order').click();
    await expect.poll(() => text(page, 'toast')).toContain('Order placed');
    await expect.poll(() => page.getByTestId('trade-row').count(), { timeout: 15_000 }).toBeGreaterThan(0);

    await page.reload();
    await expect.poll(() => page.getByTestId('trade-row').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    // Let the channel's replay of its latest frame arrive and be merged (renders are paced at 200 ms).
    await page.waitForTimeout(1500);
    const ids = await tradeIds(page);
    expect(ids.every((id) => id !== null && /^\d+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("shows a market buy's estimate walked on the book, equal to the fill on a quiet book", async () => {
    const page = await phone.newPage();
    await demoOnTradeTab(page);
    await page.getByTestId('side-buy').click();
    await page.getByTestId('type-market').click();
    const shown = async (testId: string) =>
      (await page.getByTestId(testId).locator('[data-value]').getAttribute('data-value')) ?? '';
    // The market maker requotes as the simulated index moves; a try whose book moved between the
    // estimate and the fill (the ask the estimate used is gone), or whose screen drew the estimate
    // and the book from two moments (renders are paced), is made again, at most five times.
    let matched = false;
    for (let attempt = 0; attempt < 5 && !matched; attempt++) {
      // Within the inner ask (worth at least 1,000 USDT): a quiet book fills it at that one price.
      await page.fill('input[name=qty]', '0.002');
      await expect.poll(() => shown('order-total')).toMatch(/^\d/);
      const estimate = { avg: await shown('order-avg-price'), fee: await shown('order-fee') };
      const bestAsk = ascending(await levelPrices(page, 'asks'))[0];
      if (parseUnits(estimate.avg) !== bestAsk) continue;
      const answer = page.waitForResponse((r) => r.url().endsWith('/api/spot/order'));
      await page.getByTestId('place-order').click();
      const order = (await (await answer).json()).data as { avgPrice: string; fee: string; filled: string };
      expect(order.filled).toBe('0.002');
      if (parseUnits(order.avgPrice) !== bestAsk) continue;
      expect(order.avgPrice).toBe(formatUnits(parseUnits(estimate.avg)));
      expect(order.fee).toBe(formatUnits(parseUnits(estimate.fee)));
      matched = true;
    }
    expect(matched).toBe(true);
  });

  it('groups the book by a wider price step: bids down, asks up, to whole steps', async () => {
    const page = await phone.newPage();
    await demoOnTradeTab(page);
    expect(await page.getByTestId('book-grouping').locator('option').allInnerTexts()).toEqual([
      '0.01',
      '0.1',
      '1',
      '10',
    ]);
    await page.getByTestId('book-grouping').selectOption('10');
    const onStep = (prices: string[]) =>
      prices.length > 0 && prices.every((p) => parseUnits(p) % parseUnits('10') === 0n);
    await expect.poll(async () => onStep(await levelPrices(page, 'asks'))).toBe(true);
    await expect.poll(async () => onStep(await levelPrices(page, 'bids'))).toBe(true);
    const bestBid = ascending(await levelPrices(page, 'bids')).at(-1) as bigint;
    const bestAsk = ascending(await levelPrices(page, 'asks'))[0];
    expect(bestBid < (bestAsk as bigint)).toBe(true);
  });

  it('the pair picker finds a pair by symbol or name', async () => {
    const page = await phone.newPage();
    await demoOnTradeTab(page);
    await page.getByTestId('pair-switcher').click();
    await page.getByTestId('pair-search').fill('ethereum');
    await expect.poll(() => page.locator('[data-testid^="pair-"][data-testid*="/"]').count()).toBe(1);
    await page.getByTestId('pair-search').fill('sol');
    await expect.poll(() => page.getByTestId('pair-SOL/USDT').isVisible()).toBe(true);
    expect(await page.getByTestId('pair-BTC/USDT').count()).toBe(0);
    await page.getByTestId('pair-search').fill('no such pair');
    await expect.poll(() => page.getByTestId('pair-none').isVisible()).toBe(true);
    await page.getByTestId('pair-search').fill('eth');
    await page.getByTestId('pair-ETH/USDT').click();
    await expect.poll(() => text(page, 'spot-symbol')).toBe('ETH/USDT');
  });
});

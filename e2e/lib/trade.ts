import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const text = (page: Page, testId: string) => page.getByTestId(testId).first().innerText();

/** A new demo user on the trade tab, once the market maker quotes the demo book (seconds after start). */
export async function demoOnTradeTab(page: Page): Promise<void> {
  await page.goto('/#/pages/login/login');
  await page.getByTestId('demo-login').click();
  await expect.poll(() => page.getByTestId('demo-badge').isVisible()).toBe(true);
  await page.getByTestId('tab-trade').click();
  await expect.poll(() => text(page, 'last-price'), { timeout: 20_000 }).toMatch(/\d/);
  await expect
    .poll(() => page.getByTestId('book-asks').getByTestId('book-level').count(), { timeout: 30_000 })
    .toBeGreaterThan(0);
}

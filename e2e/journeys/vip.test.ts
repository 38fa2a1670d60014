import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../lib/axe.ts';
import { usePhone } from '../lib/browser.ts';

const phone = usePhone();
const text = (page: Page, testId: string) => page.getByTestId(testId).first().innerText();

describe('VIP', () => {
  it('a new user finds the VIP page from settings: VIP0, no volume yet, and the fee of every level on BTC/USDT', async () => {
    const page = await phone.newPage();
    await page.goto('/#/pages/login/login');
    await page.getByTestId('demo-login').click();
    await page.getByTestId('tab-assets').click();
    await page.getByTestId('settings-link').click();
    await expect.poll(() => text(page, 'vip-tag')).toBe('VIP0');
    await page.getByTestId('vip-link').click();
    await expect.poll(() => page.evaluate(() => location.hash)).toContain('/pages/index/vip');

    await expect.poll(() => text(page, 'vip-level')).toBe('VIP0');
    expect(await text(page, 'vip-volume')).toContain('0.00 USDT');
    expect(await text(page, 'vip-remaining')).toContain('50,000.00 USDT more to reach VIP1');
    expect(await text(page, 'vip-maker-fee')).toBe('0.1%');
    expect(await text(page, 'vip-taker-fee')).toBe('0.1%');

    const rows = page.getByTestId('vip-table').locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(6);
    const table = await rows.evaluateAll((trs) =>
      trs.map((tr) => Array.from(tr.querySelectorAll('th, td'), (c) => (c as HTMLElement).innerText.trim())),
    );
    expect(table.map((r) => [r[0]?.replace(/\s+/g, ' '), r[2], r[3]])).toEqual([
      ['VIP0 You', '0.1%', '0.1%'],
      ['VIP1', '0.09%', '0.09%'],
      ['VIP2', '0.08%', '0.08%'],
      ['VIP3', '0.07%', '0.07%'],
      ['VIP4', '0.06%', '0.06%'],
      ['VIP5', '0.05%', '0.05%'],
    ]);
    expect(table[5]?.[1]).toContain('20,000,000');
    expect(await page.getByTestId('vip-row-0').getAttribute('aria-current')).toBe('true');
    await expectNoAxeViolations(page, { where: 'VIP' });

    // Mobile first: the page fits the phone's width, nothing scrolls sideways.
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      screen: window.innerWidth,
    }));
    expect(widths.screen).toBe(390);
    expect(widths.page).toBeLessThanOrEqual(widths.screen);
  });
});

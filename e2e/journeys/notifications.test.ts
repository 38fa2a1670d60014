import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { creditByOperators, existingAccount } from '../lib/accounts.ts';
import { expectNoAxeViolations } from '../lib/axe.ts';
import { usePhone } from '../lib/browser.ts';
import { logIn } from '../lib/login.ts';

const phone = usePhone();
const text = (page: Page, testId: string) => page.getByTestId(testId).first().innerText();
const bellLabel = (page: Page) => page.getByTestId('notice-bell').first().getAttribute('aria-label');

describe('notifications', () => {
  it("an operator's credit reaches the user's bell live; the user reads it and the badge clears", async () => {
    const user = await existingAccount('notices');
    const page = await phone.newPage();
    await logIn(page, user.email, user.password);
    await page.goto('/#/');
    await expect.poll(() => bellLabel(page)).toBe('Notifications');
    expect(await page.getByTestId('notice-badge').count()).toBe(0);

    // The operators credit the user while the home screen is open: the bell counts it without a reload.
    await creditByOperators(user.userId, 'USDT', '64.25');
    await expect.poll(() => text(page, 'notice-badge')).toBe('1');
    expect(await bellLabel(page)).toBe('Notifications, 1 unread');
    await expectNoAxeViolations(page, { where: 'home with an unread notification' });

    // The inbox: one unread row, its title and the first line of its body.
    await page.getByTestId('notice-bell').click();
    await expect.poll(() => text(page, 'nav-title')).toBe('Notifications');
    const row = page.getByTestId('notice-row');
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.getAttribute('data-read')).toBe('false');
    expect(await row.innerText()).toContain('Balance adjusted');
    expect(await row.innerText()).toContain('Change: +64.25 USDT');
    expect(await row.innerText()).toMatch(/now|minute/);
    expect(await text(page, 'notice-unread-count')).toBe('1 unread');
    await expectNoAxeViolations(page, { where: 'notifications inbox' });

    // The detail marks it read and offers the account it is about.
    await row.click();
    await expect.poll(() => text(page, 'notice-detail-title')).toBe('Balance adjusted');
    expect(await text(page, 'notice-detail-body')).toBe(
      'An operator adjusted your balance. Account: Funding. Change: +64.25 USDT.',
    );
    // The one date style (docs/DESIGN.md "Numbers and dates"): medium date, short time, no seconds.
    expect(await page.locator('.notice-detail time').innerText()).toMatch(
      /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M$/,
    );
    await expectNoAxeViolations(page, { where: 'notification detail' });
    await page.getByTestId('notice-open-link').click();
    await expect.poll(() => page.evaluate(() => location.hash)).toContain('/pages/assets/zhanghuDetail');
    expect(await page.evaluate(() => location.hash)).toContain('asset=USDT');

    // Back home, the badge is gone; on Assets too.
    await page.goto('/#/');
    await expect.poll(() => bellLabel(page)).toBe('Notifications');
    expect(await page.getByTestId('notice-badge').count()).toBe(0);
    await page.getByTestId('tab-assets').click();
    await expect.poll(() => bellLabel(page)).toBe('Notifications');

    // Two more while on Assets: the badge there follows live; "mark all as read" clears them.
    await creditByOperators(user.userId, 'USDT', '1');
    await creditByOperators(user.userId, 'USDT', '20000');
    await expect.poll(() => text(page, 'notice-badge')).toBe('2');
    await page.getByTestId('notice-bell').click();
    await expect.poll(() => page.getByTestId('notice-row').count()).toBe(3);
    // An amount reads as on every screen: USDT's two places, grouped (it read "20000 USDT").
    expect(await page.getByTestId('notice-row').first().innerText()).toContain('Change: +20,000.00 USDT');
    await page.getByTestId('notice-read-all').click();
    await expect.poll(() => text(page, 'notice-unread-count')).toBe('0 unread');
    await expect
      .poll(() =>
        page.getByTestId('notice-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-read'))),
      )
      .toEqual(['true', 'true', 'true']);
    await page.getByTestId('nav-back').click();
    await expect.poll(() => bellLabel(page)).toBe('Notifications');
  });

  it('a new user sees an empty inbox', async () => {
    const user = await existingAccount('quiet');
    const page = await phone.newPage();
    await logIn(page, user.email, user.password);
    await page.goto('/#/pages/assets/xiaoxitongzhi');
    await expect.poll(() => text(page, 'empty-state')).toContain('No notifications yet');
    await expectNoAxeViolations(page, { where: 'empty notifications inbox' });
  });
});

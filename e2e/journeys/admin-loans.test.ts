import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseUnits } from '@otc/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { E2E_ADMIN } from '../global-setup.ts';
import { ensureSecondOperator, SECOND_OPERATOR } from '../lib/accounts.ts';
import { expectNoAxeViolations } from '../lib/axe.ts';
import { usePhone } from '../lib/browser.ts';
import { CERTIFICATION, pendingLoan } from '../lib/loans.ts';
import { DESKTOP, operatorSignIn } from '../lib/operator.ts';

const phone = usePhone();
const screens = path.resolve(import.meta.dirname, '../artifacts/screens');
const PHONE = { width: 390, height: 844 };

/**
 * The page at a desktop and at a 390 x 844 phone: each saved for people to look at
 * (e2e/artifacts/screens/en-admin-<name>-<desktop|phone>.png), each axe-checked, and at the phone
 * nothing but the tables' own scrolling regions wider than the window.
 */
async function atBothSizes(page: Page, name: string, ready: string) {
  mkdirSync(screens, { recursive: true });
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    // As the device opens it: a phone's browser sets its scale when the page loads.
    await page.reload();
    await page.getByTestId(ready).first().waitFor({ state: 'visible' });
    await expect.poll(() => page.locator('.table-wrap.is-stale').count()).toBe(0);
    await page.screenshot({ path: path.join(screens, `en-admin-${name}-${size}.png`), fullPage: true });
    await expectNoAxeViolations(page, { where: `back office ${name} (${size})` });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `${name} at ${size}: wider than the window`).toBeLessThanOrEqual(viewport.width);
  }
  await page.setViewportSize(DESKTOP);
}

/** A figure as the page shows it (grouped, maybe negative) in exact units. */
const units = (shown: string) => parseUnits(shown.replace(/[,\s]|short/g, ''));

describe('loans and the treasury in the back office', () => {
  it('an operator reads the treasury exposure: each realm’s balance, each source, what is left, a warning when short', async () => {
    const page = await phone.newPage();
    await operatorSignIn(page, E2E_ADMIN);
    await page.getByTestId('nav-treasury').click();
    const live = page.getByTestId('treasury-live-USDT');
    const demo = page.getByTestId('treasury-demo-USDT');
    await expect.poll(() => live.count()).toBe(1);
    await expect.poll(() => demo.count()).toBe(1);
    const header = await page.getByTestId('treasury-table').locator('thead').textContent();
    for (const column of [
      'Treasury balance',
      'Earn yield',
      'Activity bonuses',
      'Total promised',
      'Left after promises',
    ])
      expect(header).toContain(column);
    expect(await page.getByTestId('treasury-window').innerText()).toMatch(
      /^Promises counted from .+ until .+\.$/,
    );

    // Every line adds up as shown, to the last decimal: the sources make the total, balance less
    // total is what is left; a line is flagged, and named in the warning, exactly when left < 0.
    let shortLines = 0;
    for (const line of [live, demo]) {
      const cell = async (id: string) => units(await line.getByTestId(id).innerText());
      const sources = line.locator('[data-testid^=treasury-owed-]');
      let sum = 0n;
      for (let i = 0; i < (await sources.count()); i++) sum += units(await sources.nth(i).innerText());
      const total = await cell('treasury-total');
      expect(sum).toBe(total);
      const left = await cell('treasury-left');
      expect(left).toBe((await cell('treasury-balance')) - total);
      const flagged = (await line.getByTestId('treasury-left').innerText()).includes('short');
      expect(flagged).toBe(left < 0n);
      if (left < 0n) shortLines += 1;
    }
    if (shortLines > 0) {
      const warning = await page.getByTestId('treasury-short').innerText();
      expect(warning).toContain('The promises exceed the treasury');
      expect(warning.match(/ short\./g)?.length).toBe(shortLines);
    } else {
      await expect.poll(() => page.getByTestId('treasury-covered').count()).toBe(1);
    }
    await atBothSizes(page, 'treasury', 'treasury-table');
  });

  it('an admin adds a loan product; two operators approve a loan above the four-eyes threshold; the book shows it', async () => {
    // 12,000 USDT is above the 10,000 threshold (decision 0125): two different operators approve.
    const { loanId, email } = await pendingLoan('12000');
    await ensureSecondOperator();
    const page = await phone.newPage();
    await operatorSignIn(page, E2E_ADMIN);

    // Products: the migration's, then a new one with every field. A wrong LTV order is refused by
    // the server with its message, nothing saved; corrected, it is listed as saved.
    await page.getByTestId('nav-loan-products').click();
    await expect.poll(() => page.getByTestId('loan-products-table').innerText()).toContain('USDT loan');
    await page.getByTestId('loan-product-create').click();
    const dialog = page.getByTestId('loan-product-dialog');
    await expectNoAxeViolations(page, { where: 'back office loan product dialog' });
    const name = `E2E loan ${Date.now().toString(36)}`;
    const fill = async (field: string, value: string) => dialog.locator(`[name=${field}]`).fill(value);
    await fill('name', name);
    await fill('minAmount', '100');
    await fill('maxAmount', '20000');
    await fill('dailyRate', '0.0006');
    await fill('initialLtv', '0.8');
    await fill('marginCallLtv', '0.75');
    await fill('liquidationLtv', '0.85');
    await fill('collateralAssets', 'btc, ETH');
    await dialog.getByTestId('loan-term-7').check();
    await dialog.getByTestId('loan-term-30').check();
    await dialog.locator('select[name=status]').selectOption('closed');
    await page.getByTestId('loan-product-save').click();
    await expect.poll(() => dialog.locator('.alert-error').innerText()).toMatch(/LTV/);
    await fill('initialLtv', '0.6');
    await page.getByTestId('loan-product-save').click();
    await expect.poll(() => page.locator('body').innerText()).toContain('The product has been saved');
    const row = page.locator('tr[data-testid^=loan-product-]', { hasText: name });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.getByTestId('loan-product-terms').innerText()).toBe('7, 30');
    expect(await row.getByTestId('loan-product-ltv').innerText()).toBe('60.00% / 75.00% / 85.00%');
    expect(await row.getByTestId('loan-product-status').innerText()).toBe('Closed');
    expect(await row.innerText()).toContain('BTC, ETH');
    await atBothSizes(page, 'loan-products', 'loan-products-table');

    // The queue: pending applications first, ours among them with no approval yet of two.
    await page.getByTestId('nav-loans').click();
    const queued = page.getByTestId(`loan-row-${loanId}`);
    await expect.poll(() => queued.count()).toBe(1);
    expect(await queued.getByTestId('loan-approvals').innerText()).toBe('0 of 2');
    expect(await queued.innerText()).toContain(email);
    await atBothSizes(page, 'loan-review', `loan-row-${loanId}`);

    // The application: its figures, the certification's every field, its nine documents.
    await page.getByTestId(`loan-open-${loanId}`).click();
    await expect.poll(() => page.getByTestId('loan-figure-amount').innerText()).toBe('12,000 USDT');
    expect(await page.getByTestId('loan-figure-termDays').innerText()).toBe('30 days');
    // 12,000 x 0.0005 a day x 30 days = 180 interest; 12,180 due in one payment.
    expect(await page.getByTestId('loan-figure-interest').innerText()).toBe('180 USDT');
    expect(await page.getByTestId('loan-figure-amountDue').innerText()).toBe('12,180 USDT');
    expect(await page.getByTestId('loan-figure-collateral').innerText()).toMatch(/^0\.\d+ BTC$/);
    expect(await page.getByTestId('loan-approvals-needed').innerText()).toBe('2');
    expect(await page.getByTestId('loan-approvals-had').innerText()).toBe('0');
    for (const [key, value] of [
      ['realName', CERTIFICATION.realName],
      ['documentType', 'Passport'],
      ['documentNumber', CERTIFICATION.documentNumber],
      ['workType', CERTIFICATION.workType],
      ['annualIncome', '84,000'],
      ['emergencyName', CERTIFICATION.emergencyName],
      ['emergencyPhone', CERTIFICATION.emergencyPhone],
      ['kycAdvanced', 'Yes'],
    ])
      expect(await page.getByTestId(`loan-field-${key}`).innerText()).toBe(value);
    expect(await page.getByTestId('loan-field-birthDate').innerText()).toMatch(
      /^1990-05-17 \(\d+ years old\)$/,
    );
    const images = page.locator('[data-testid^=loan-document-][data-testid$=-image]');
    await expect.poll(() => images.count()).toBe(9);
    for (let i = 0; i < 9; i++)
      await expect.poll(() => images.nth(i).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(48);
    await atBothSizes(page, 'loan-detail', 'loan-certification');

    // The first approval is recorded and waits for a second operator; the same one again is refused.
    const approve = async (p: Page) => {
      await p.getByTestId('loan-approve').click();
      await p.getByTestId('confirm-ok').click();
    };
    await approve(page);
    await expect
      .poll(() => page.locator('body').innerText())
      .toContain('a second operator must approve it too');
    await expect.poll(() => page.getByTestId('loan-approvals-had').innerText()).toBe('1');
    await approve(page);
    await expect
      .poll(() => page.locator('.alert-error').innerText())
      .toContain('You have already approved this loan: a different operator must approve it too.');
    expect(await page.getByTestId('loan-approvals-had').innerText()).toBe('1');

    // The second operator approves: the loan is active, the collateral frozen.
    const second = await phone.newPage();
    await operatorSignIn(second, SECOND_OPERATOR);
    await second.goto(`/admin/#/loans/${loanId}`);
    await expect.poll(() => second.getByTestId('loan-approvals-had').innerText()).toBe('1');
    await approve(second);
    await expect.poll(() => second.locator('body').innerText()).toContain(`Loan #${loanId} approved`);
    await expect.poll(() => second.getByTestId('loan-status-badge').first().innerText()).toBe('Active');
    await expect.poll(() => second.getByTestId('loan-approvals-had').innerText()).toBe('2');

    // The book: the loan with its LTV (12,006 owed on day one over the collateral's value, near 65%).
    await second.getByTestId('nav-loan-book').click();
    const booked = second.getByTestId(`loan-book-${loanId}`);
    await expect.poll(() => booked.count()).toBe(1);
    expect(await booked.getByTestId('loan-book-ltv').innerText()).toMatch(/^6\d\.\d{2}%/);
    // Repaying on day one: 12,000 + 6 interest to date + half the 174 not yet accrued = 12,093.
    expect(await booked.getByTestId('loan-book-owed').innerText()).toBe('12,093');
    expect(await second.getByTestId('loan-book-count').innerText()).toMatch(/^[1-9]\d*$/);
    await atBothSizes(second, 'loan-book', `loan-book-${loanId}`);
  }, 240_000);
});

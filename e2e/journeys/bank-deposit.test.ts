import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { E2E_ADMIN } from '../global-setup.ts';
import { ensureReviewer, existingAccount, REVIEWER } from '../lib/accounts.ts';
import { expectNoAxeViolations } from '../lib/axe.ts';
import { usePhone } from '../lib/browser.ts';
import { logIn } from '../lib/login.ts';
import { operatorSignIn } from '../lib/operator.ts';
import { solidPng } from '../lib/png.ts';
import { capture, openIn, text as stringOf, strings } from '../lib/screens.ts';
import { ledgerProblems } from '../lib/verified.ts';

const phone = usePhone();
const text = (page: Page, testId: string) => page.getByTestId(testId).first().innerText();

describe('bank deposit', () => {
  it('the embedded default starts with a sample bank account: users are told to send no money there, the back office says an operator replaces it (issue 24)', async () => {
    // This journey is the one that replaces it: before it, every user sees the sample.
    const user = await existingAccount('bank-sample');
    for (const lang of ['en', 'de']) {
      const bundle = strings(lang);
      const page = await openIn(phone, lang);
      await logIn(page, user.email, user.password);
      await page.goto('/#/pages/assets/recharge');
      await page.getByTestId('deposit-tab-bank').click();
      await capture(page, lang, 'bank-sample', stringOf(bundle, 'funding.bank.sampleTitle'), 'bank-sample');
      expect(await text(page, 'bank-sample')).toContain(stringOf(bundle, 'funding.bank.sampleHint'));
      expect(await text(page, 'bank-accountNumber')).toBe('00000000');
      await page.close();
    }
    const admin = await phone.newPage();
    await operatorSignIn(admin, E2E_ADMIN);
    await admin.goto('/admin/#/bank-deposits/account');
    await expect.poll(() => text(admin, 'bank-account-sample')).toContain('sample account');
    expect(await admin.inputValue('[data-testid=bank-account-bankName]')).toBe('Sample Bank');
    await admin.close();
  });

  it('a user deposits by bank transfer with a proof, an operator approves it, the open records and the fiat balance show it', async () => {
    // An admin sets the platform's bank account in the back office.
    const admin = await phone.newPage();
    await operatorSignIn(admin, E2E_ADMIN);
    await admin.goto('/admin/#/bank-deposits/account');
    await admin.fill('[data-testid=bank-account-bankName]', 'Deutsche Bank');
    await admin.fill('[data-testid=bank-account-accountName]', 'OTC Markets GmbH');
    await admin.fill('[data-testid=bank-account-accountNumber]', '0532013000');
    await admin.fill('[data-testid=bank-account-swift]', 'DEUTDEFF');
    await admin.fill('[data-testid=bank-account-iban]', 'DE89 3704 0044 0532 0130 01');
    await admin.getByTestId('bank-account-save').click();
    await expect.poll(() => admin.locator('.field-error').first().innerText()).toContain('IBAN');
    await admin.fill('[data-testid=bank-account-iban]', 'DE89 3704 0044 0532 0130 00');
    await admin.fill('[data-testid=bank-account-instructions]', 'Write your user ID as the reference.');
    await admin.getByTestId('bank-account-save').click();
    await expect.poll(() => admin.locator('body').innerText()).toContain('bank account is saved');
    expect(await admin.inputValue('[data-testid=bank-account-iban]')).toBe('DE89370400440532013000');
    await expectNoAxeViolations(admin, { where: 'back office bank account' });
    await admin.close();

    // The user sees the account on the deposit page's bank tab and reports a payment.
    const user = await existingAccount('bank');
    const page = await phone.newPage();
    await logIn(page, user.email, user.password);
    await page.goto('/#/pages/assets/recharge');
    await page.getByTestId('deposit-tab-bank').click();
    await expect.poll(() => text(page, 'bank-iban')).toContain('DE89370400440532013000');
    expect(await text(page, 'bank-instructions')).toBe('Write your user ID as the reference.');
    await expectNoAxeViolations(page, { where: 'deposit, bank tab' });

    await page.getByTestId('bank-submit').click();
    await expect.poll(() => text(page, 'amount-error')).toBe('Please enter the amount');
    await page.fill('input[name=amount]', '5');
    await page.fill('input[name=reference]', user.userId);
    await page.getByTestId('proof-input').setInputFiles({
      name: 'receipt.png',
      mimeType: 'image/png',
      buffer: solidPng(64, 40, [30, 140, 60]),
    });
    const proof = page.locator('.image-field').filter({ has: page.getByTestId('proof-input') });
    await expect.poll(() => proof.getByRole('button').first().innerText()).toMatch(/^Replace/);
    await page.getByTestId('bank-submit').click();
    await expect.poll(() => text(page, 'amount-error')).toBe('The minimum deposit is 10.00 USDT.');
    await page.fill('input[name=amount]', '150.25');
    await page.getByTestId('bank-submit').click();
    await expect.poll(() => page.evaluate(() => location.hash)).toContain('/pages/assets/rechargeList');
    await expect.poll(() => text(page, 'bank-record-status')).toBe('Under review');
    expect(await text(page, 'bank-records')).toContain('150.25 USDT');
    await expectNoAxeViolations(page, { where: 'deposit records, under review' });

    // A reviewer opens it with the proof and approves it.
    await ensureReviewer();
    const ops = await phone.newPage();
    await operatorSignIn(ops, REVIEWER);
    await ops.goto('/admin/#/bank-deposits');
    const row = ops.locator(`[data-user="${user.userId}"]`);
    await expect.poll(() => row.count()).toBe(1);
    await row.getByRole('link').click();
    await expect.poll(() => ops.getByTestId('bank-proof-link').locator('img').count()).toBe(1);
    expect(await text(ops, 'bank-amount')).toBe('150.25 USDT');
    expect(await text(ops, 'bank-reference')).toBe(user.userId);
    await expectNoAxeViolations(ops, { where: 'back office bank deposit' });
    await ops.getByTestId('bank-approve').click();
    await ops.getByTestId('confirm-ok').click();
    await expect.poll(() => text(ops, 'bank-status-badge')).toBe('Approved');
    // The user's records page, open all along, follows the review without a reload (issue 23).
    await expect.poll(() => text(page, 'bank-record-status')).toBe('Approved');
    expect(await page.evaluate(() => location.hash)).toContain('/pages/assets/rechargeList');

    // The user's fiat account holds the amount and the record says approved.
    await page.goto('/#/pages/index/Assets?account=fiat');
    await expect.poll(() => text(page, 'balance-available-USDT')).toContain('150.25');
    await page.goto('/#/pages/assets/rechargeList?tab=bank');
    await expect.poll(() => text(page, 'bank-record-status')).toBe('Approved');
    await expectNoAxeViolations(page, { where: 'deposit records, approved' });
    // The credit is one balanced journal entry: the ledger's invariants hold after it.
    expect(await ledgerProblems()).toEqual([]);
  });
});

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { E2E_ADMIN } from '../global-setup.ts';
import { ensureSecondOperator, existingAccount, SECOND_OPERATOR } from '../lib/accounts.ts';
import { usePhone } from '../lib/browser.ts';

const phone = usePhone();

describe('back office', () => {
  it('an operator logs in, finds a new user and reads the dev outbox', async () => {
    const { email } = await existingAccount('ops');
    const page = await phone.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/admin/');
    await page.fill('input[name=email]', E2E_ADMIN.email);
    await page.fill('input[name=password]', 'not-the-password');
    await page.getByTestId('admin-login-submit').click();
    await expect.poll(() => page.locator('body').innerText()).toMatch(/wrong/i);

    await page.fill('input[name=password]', E2E_ADMIN.password);
    await page.getByTestId('admin-login-submit').click();
    await expect.poll(() => page.getByTestId('admin-operator').innerText()).toContain(E2E_ADMIN.email);

    await page.getByTestId('nav-users').click();
    await page.fill('input[name=q]', email);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('users-table').innerText()).toContain(email);

    await page.getByTestId('nav-outbox').click();
    await expect.poll(() => page.getByTestId('outbox-table').innerText()).toContain(email);

    await page.getByTestId('nav-audit').click();
    await expect.poll(() => page.getByTestId('audit-table').innerText()).toContain('operator.login');

    // The worker's jobs ran at start: each is listed with its schedule, and its run too.
    await page.getByTestId('nav-jobs').click();
    const jobs = page.getByTestId('jobs-table');
    await expect.poll(() => jobs.innerText()).toContain('vip.recompute');
    expect(await jobs.innerText()).toMatch(/proof\.snapshot\s+every 1 h/);
    await expect.poll(() => page.getByTestId('job-runs-table').innerText()).toContain('proof.snapshot');
  });

  it('a credit needs a second operator, then shows in the user ledger; the check passes and a proof is published', async () => {
    const { email, userId } = await existingAccount('ledger');
    await ensureSecondOperator();
    const page = await phone.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    const signIn = async (p: Page, who: { email: string; password: string }) => {
      await p.goto('/admin/');
      await p.fill('input[name=email]', who.email);
      await p.fill('input[name=password]', who.password);
      await p.getByTestId('admin-login-submit').click();
      await expect.poll(() => p.getByTestId('admin-operator').innerText()).toContain(who.email);
    };
    await signIn(page, E2E_ADMIN);
    await page.getByTestId('nav-users').click();
    await page.fill('input[name=q]', email);
    await page.keyboard.press('Enter');
    await page.getByTestId('user-ledger-link').first().click();
    await page.selectOption('[data-testid=adjust-account]', 'funding');
    await page.selectOption('[data-testid=adjust-asset]', 'USDT');
    await page.fill('input[name=amount]', '64.25');
    await page.fill('[name=reason]', 'Compensation for a failed bank transfer');
    await page.getByTestId('adjust-submit').click();
    await expect.poll(() => page.getByTestId('adjust-result-status').innerText()).toMatch(/pending/i);

    // The one who asked cannot approve.
    await page.getByTestId('nav-adjustments').click();
    const approve = page.locator('[data-testid^=approve-]').first();
    await approve.click();
    await page.getByTestId('confirm-ok').click();
    await expect.poll(() => page.locator('body').innerText()).toMatch(/second operator/i);

    const other = await phone.newPage();
    await other.setViewportSize({ width: 1280, height: 800 });
    await signIn(other, SECOND_OPERATOR);
    await other.getByTestId('nav-adjustments').click();
    await other.locator('[data-testid^=approve-]').first().click();
    await other.getByTestId('confirm-ok').click();
    await expect.poll(() => other.getByTestId('adjustments-table').innerText()).not.toMatch(/64\.25/);

    await other.goto(`/admin/#/users/${userId}/ledger`);
    await expect.poll(() => other.getByTestId('balances-table').innerText()).toContain('64.25');
    await expect.poll(() => other.getByTestId('journal-table').innerText()).toContain('admin.adjust');

    await other.getByTestId('nav-ledger').click();
    await other.getByTestId('ledger-check-run').click();
    await expect.poll(() => other.getByTestId('ledger-check-result').innerText()).toMatch(/ok|pass|hold/i);
    const before = await other
      .getByTestId('proof-root')
      .innerText({ timeout: 2000 })
      .catch(() => 'none yet');
    await other.getByTestId('proof-publish').click();
    // Every snapshot salts its leaves afresh, so a new one always has a new root.
    await expect.poll(() => other.getByTestId('proof-root').innerText()).toMatch(/^[0-9a-f]{64}$/);
    await expect.poll(() => other.getByTestId('proof-root').innerText()).not.toBe(before);
  });
});

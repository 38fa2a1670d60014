import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { E2E_ADMIN } from '../global-setup.ts';
import { ensureReviewer, REVIEWER } from '../lib/accounts.ts';
import { expectNoAxeViolations } from '../lib/axe.ts';
import { usePhone } from '../lib/browser.ts';

const phone = usePhone();

async function signIn(p: Page, who: { email: string; password: string }) {
  await p.setViewportSize({ width: 1280, height: 800 });
  await p.goto('/admin/');
  await p.fill('input[name=email]', who.email);
  await p.fill('input[name=password]', who.password);
  await p.getByTestId('admin-login-submit').click();
  await expect.poll(() => p.getByTestId('admin-operator').innerText()).toContain(who.email);
}

describe('positions in the back office', () => {
  it('an admin reads the dealer’s exposure and the funds, and edits an instrument’s exposure cap', async () => {
    const page = await phone.newPage();
    await signIn(page, E2E_ADMIN);
    await page.getByTestId('nav-positions').click();
    const exposure = page.getByTestId('exposure-LTC-PERP-live');
    await expect.poll(() => exposure.innerText()).toContain('LTC-PERP');
    await expect.poll(() => page.getByTestId('fund-insurance-live').innerText()).toContain('Insurance fund');
    await expect.poll(() => page.getByTestId('positions-open-table').count()).toBe(1);
    await expectNoAxeViolations(page, { where: 'back office positions' });

    await page.getByTestId('nav-position-rules').click();
    await page.getByTestId('position-rules-edit-LTC-PERP').click();
    const dialog = page.getByTestId('position-rules-dialog');
    await expectNoAxeViolations(page, { where: 'back office position rules editor' });
    // A wrong bracket list is caught before anything is sent.
    await dialog.locator('textarea[name=brackets]').fill('0.01, 1000');
    await page.getByTestId('position-rules-save').click();
    await expect.poll(() => dialog.innerText()).toMatch(/notional up to, rate/);
    await dialog.locator('textarea[name=brackets]').fill('50000, 0.005\n0.01');
    await dialog.locator('input[name=exposureCap]').fill('4321');
    await page.getByTestId('position-rules-save').click();
    await expect
      .poll(() => page.locator('body').innerText())
      .toContain('The position rules of LTC-PERP have been updated.');
    await expect.poll(() => page.getByTestId('position-rules-LTC-PERP').innerText()).toContain('4321');

    // The exposure page shows the new cap.
    await page.getByTestId('nav-positions').click();
    await expect.poll(() => page.getByTestId('exposure-LTC-PERP-live').innerText()).toContain('4321');
  });

  it('a reviewer reads the rules but is not offered the editor', async () => {
    await ensureReviewer();
    const page = await phone.newPage();
    await signIn(page, REVIEWER);
    await page.getByTestId('nav-position-rules').click();
    await expect.poll(() => page.getByTestId('position-rules-LTC-PERP').count()).toBe(1);
    expect(await page.locator('[data-testid^=position-rules-edit-]').count()).toBe(0);
    await expect.poll(() => page.locator('body').innerText()).toContain('Only operators with the admin role');
  });
});

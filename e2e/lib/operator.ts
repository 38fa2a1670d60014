import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { E2E_ADMIN } from '../global-setup.ts';

/** The back office is used at a desktop's size. */
export const DESKTOP = { width: 1280, height: 800 };

/**
 * Signs an operator in to the back office and resolves once its landing page (the users) is shown:
 * the login's own redirect to it would otherwise overtake a `goto` made right after, and the journey
 * would go on from the users page (seen under load: the withdrawals queue never opened).
 */
export async function operatorSignIn(page: Page, who: { email: string; password: string } = E2E_ADMIN) {
  await page.setViewportSize(DESKTOP);
  await page.goto('/admin/');
  await page.fill('input[name=email]', who.email);
  await page.fill('input[name=password]', who.password);
  await page.getByTestId('admin-login-submit').click();
  await expect.poll(() => page.getByTestId('admin-operator').innerText()).toContain(who.email);
  await expect.poll(() => page.evaluate(() => location.hash)).toBe('#/users');
}

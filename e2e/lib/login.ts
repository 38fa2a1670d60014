import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Signs in through the login form, as a person does, and waits until the app has left it; `base`:
 * another platform's address (a clock server's), else the journeys' own.
 */
export async function logIn(page: Page, email: string, password: string, base = '') {
  await page.goto(`${base}/#/pages/login/login`);
  await page.fill('input[name=account]', email);
  await page.fill('input[name=password]', password);
  await page.getByTestId('submit').click();
  await expect.poll(() => page.evaluate(() => location.hash)).not.toContain('login');
}

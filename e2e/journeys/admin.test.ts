import { describe, expect, it } from 'vitest';
import { E2E_ADMIN } from '../global-setup.ts';
import { existingAccount } from '../lib/accounts.ts';
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
  });
});

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { existingAccount, newEmail, PASSWORD } from '../lib/accounts.ts';
import { expectNoAxeViolations } from '../lib/axe.ts';
import { usePhone } from '../lib/browser.ts';
import { captchaAnswer, codeSentBy } from '../lib/server-log.ts';

const phone = usePhone();

const text = (page: Page, testId: string) => page.getByTestId(testId).innerText();

async function logIn(page: Page, account: string, password: string) {
  await page.fill('input[name=account]', account);
  await page.fill('input[name=password]', password);
  await page.getByTestId('submit').click();
}

describe('signing up and in', () => {
  it('a guest is asked to log in before their assets, and can decline', async () => {
    const page = await phone.newPage();
    await page.goto('/#/pages/index/Assets');
    await expect.poll(() => text(page, 'dialog')).toContain('You are not logged in, do you want to log in?');
    await expectNoAxeViolations(page, { where: 'guest asked to log in' });
    await page.getByTestId('dialog-cancel').click();
    await expect.poll(() => page.evaluate(() => location.hash)).toMatch(/^#\/?$/);
    await expect.poll(() => text(page, 'nav-title')).toBe('OTC Markets');

    await page.getByTestId('tab-assets').click();
    await page.getByTestId('dialog-ok').click();
    await expect.poll(() => page.evaluate(() => location.hash)).toContain('/pages/login/login');
    await expectNoAxeViolations(page, { where: 'login' });
  });

  it('registers by email with the code from the outbox, logs out and logs back in', async () => {
    const page = await phone.newPage();
    const email = newEmail('journey');
    await page.goto('/');
    await page.getByTestId('tab-assets').click();
    await page.getByTestId('dialog-ok').click();
    await page.getByTestId('register-link').click();
    await expect.poll(() => page.locator('input[name=confirmPassword]').isVisible()).toBe(true);
    await expectNoAxeViolations(page, { where: 'register' });

    await page.fill('input[name=account]', email);
    const code = await codeSentBy(email, () => page.getByTestId('send-code').click());
    await expect.poll(() => text(page, 'send-code')).toMatch(/\d+/);
    await page.fill('input[name=code]', code);
    await page.fill('input[name=password]', PASSWORD);
    await page.fill('input[name=confirmPassword]', 'Mismatch999');
    await page.getByTestId('agree').check();
    await page.getByTestId('submit').click();
    await expect.poll(() => text(page, 'toast')).toContain('do not match');
    await page.fill('input[name=confirmPassword]', PASSWORD);
    await page.getByTestId('submit').click();
    await expect.poll(() => text(page, 'toast')).toContain('Operation successful');

    await page.getByTestId('tab-assets').click();
    const userId = await page.getByTestId('user-id').innerText();
    expect(userId).toMatch(/^\d{8,}$/);
    await expectNoAxeViolations(page, { where: 'assets' });

    await page.getByTestId('settings-link').click();
    await expect.poll(() => text(page, 'user-email')).toContain('*');
    await expectNoAxeViolations(page, { where: 'settings' });
    await page.getByTestId('logout').click();
    await page.getByTestId('dialog-ok').click();
    await page.getByTestId('tab-assets').click();
    await page.getByTestId('dialog-ok').click();
    await logIn(page, email, PASSWORD);
    await expect.poll(() => text(page, 'user-id')).toBe(userId);
  });

  it('after three wrong passwords asks for the captcha, and lets the right one in', async () => {
    const { email, password } = await existingAccount('captcha');
    const page = await phone.newPage();
    const captchas: string[] = [];
    page.on('response', async (r) => {
      if (r.url().includes('/api/auth/captcha'))
        captchas.push(((await r.json()) as { data: { id: string } }).data.id);
    });
    await page.goto('/#/pages/login/login');
    for (let i = 0; i < 3; i++) {
      await logIn(page, email, 'WrongPass1');
      await expect.poll(() => text(page, 'toast')).toContain('wrong');
      await page.getByTestId('toast').waitFor({ state: 'detached' });
    }
    await expect.poll(() => page.getByTestId('captcha-image').isVisible()).toBe(true);

    // The right password with a wrong captcha is refused and a new captcha shown; the right one lets in.
    const shown = captchas.length;
    await page.fill('input[name=captcha]', 'WRONG');
    await logIn(page, email, password);
    await expect.poll(() => text(page, 'toast')).toMatch(/captcha/i);
    await expect.poll(() => captchas.length).toBeGreaterThan(shown);
    const fresh = captchas.at(-1) as string;
    await page.fill('input[name=captcha]', await captchaAnswer(fresh));
    await page.fill('input[name=password]', password);
    await page.getByTestId('submit').click();
    await expect.poll(() => page.evaluate(() => location.hash)).not.toContain('login');
    await page.getByTestId('tab-assets').click();
    await expect.poll(() => text(page, 'user-id')).toMatch(/^\d+$/);
  });

  it('resets a forgotten password with an emailed code', async () => {
    const { email } = await existingAccount('forgot');
    const page = await phone.newPage();
    await page.goto('/#/pages/login/login');
    await page.getByTestId('forgot-link').click();
    await page.fill('input[name=account]', email);
    await page.fill('input[name=code]', await codeSentBy(email, () => page.getByTestId('send-code').click()));
    await page.fill('input[name=password]', 'BrandNew456');
    await page.fill('input[name=confirmPassword]', 'BrandNew456');
    await page.getByTestId('submit').click();
    await expect.poll(() => text(page, 'toast')).toContain('Operation successful');
    await expect.poll(() => page.evaluate(() => location.hash)).toContain('/pages/login/login');

    await logIn(page, email, PASSWORD);
    await expect.poll(() => text(page, 'toast')).toContain('wrong');
    await page.fill('input[name=password]', 'BrandNew456');
    await page.getByTestId('submit').click();
    await expect.poll(() => page.evaluate(() => location.hash)).not.toContain('login');
  });

  it('tries a demo account at once, marked DEMO on every screen', async () => {
    const page = await phone.newPage();
    await page.goto('/#/pages/login/login');
    await page.getByTestId('demo-login').click();
    await expect.poll(() => page.getByTestId('demo-badge').isVisible()).toBe(true);
    for (const tab of ['markets', 'trade', 'futures', 'assets']) {
      await page.getByTestId(`tab-${tab}`).click();
      await expect.poll(() => page.getByTestId('demo-badge').isVisible(), { message: tab }).toBe(true);
    }
    await expect.poll(() => text(page, 'user-id')).toMatch(/^\d+$/);
  });
});

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { existingAccount } from '../lib/accounts.ts';
import { expectNoAxeViolations } from '../lib/axe.ts';
import { usePhone } from '../lib/browser.ts';

const phone = usePhone();
/** A 2 x 2 PNG: what a phone's picker hands over, as small as an image gets. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWPQqDihUXGCAUIBACTuBaFpkxOkAAAAAElFTkSuQmCC',
  'base64',
);
const text = (page: Page, testId: string) => page.getByTestId(testId).first().innerText();
const hash = (page: Page) => page.evaluate(() => location.hash);

async function logIn(page: Page, account: string, password: string) {
  await page.goto('/#/pages/login/login');
  await page.fill('input[name=account]', account);
  await page.fill('input[name=password]', password);
  await page.getByTestId('submit').click();
  await expect.poll(() => hash(page)).not.toContain('/pages/login/login');
}

describe('security centre', () => {
  it('a user on two phones sets a transaction password of their own and ends the other session, which must log in again', async () => {
    const { email, password } = await existingAccount('security');
    const mine = await phone.newPage();
    const other = await phone.newPage();
    await logIn(mine, email, password);
    await logIn(other, email, password);

    await mine.goto('/#/pages/assets/anquanzhongxin');
    await expect.poll(() => text(mine, 'trade-password-mode')).toBe('Same as your login password');
    await mine.getByTestId('trade-password-edit').click();
    // A wrong current password shows under its field, and nothing changes.
    await mine.fill('input[name=currentPassword]', 'Wrong9999');
    await mine.fill('input[name=password]', 'Trade2468');
    await mine.fill('input[name=confirmPassword]', 'Trade2468');
    await mine.getByTestId('trade-password-save').click();
    await expect.poll(() => text(mine, 'currentPassword-error')).toBe('The transaction password is wrong.');
    await mine.fill('input[name=currentPassword]', password);
    await mine.getByTestId('trade-password-save').click();
    await expect.poll(() => text(mine, 'trade-password-mode')).toBe('Your own transaction password');

    // The sessions, this phone's first and marked, each with its device, address and last seen: the
    // other phone's, and the one the sign-up opened (through the API, so with no device).
    await expect.poll(() => mine.getByTestId('session-other').count()).toBe(2);
    const current = await text(mine, 'session-current');
    expect(current).toContain('This device');
    expect(current).toContain('Linux');
    expect(current).toMatch(/IP \S+ · Last seen/);
    await expectNoAxeViolations(mine, { where: 'security centre' });

    const otherPhone = mine.getByTestId('session-other').filter({ hasText: 'Linux' });
    await otherPhone.getByTestId('end-session').click();
    await expect.poll(() => text(mine, 'dialog')).toContain('It will have to log in again.');
    await mine.getByTestId('dialog-ok').click();
    await expect.poll(() => mine.getByTestId('session-other').count()).toBe(1);
    expect(await text(mine, 'session-other')).toContain('Unknown device');

    // The other phone's next request is refused: it is asked to log in again.
    await other.goto('/#/pages/assets/anquanzhongxin');
    await expect.poll(() => text(other, 'dialog')).toContain('You are not logged in');
    await other.getByTestId('dialog-ok').click();
    await expect.poll(() => hash(other)).toContain('/pages/login/login');
  });

  it('changes the nickname, which shows as the text typed, and the avatar', async () => {
    const { email, password } = await existingAccount('nickname');
    const page = await phone.newPage();
    await logIn(page, email, password);
    await page.goto('/#/pages/assets/shezhi');
    await page.getByTestId('edit-nickname').click();
    await page.fill('input[name=nickname]', ' '.repeat(3));
    await page.getByTestId('save-nickname').click();
    await expect.poll(() => text(page, 'nickname-error')).toBe('Please enter a nickname.');
    await page.fill('input[name=nickname]', '<b>x</b>');
    await page.getByTestId('save-nickname').click();
    await expect.poll(() => text(page, 'nickname')).toBe('<b>x</b>');
    expect(await page.locator('.profile-name b').count()).toBe(0);

    await page
      .getByTestId('avatar-input')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await expect
      .poll(() => page.locator('.profile-card img.avatar').getAttribute('src'), { timeout: 15_000 })
      .toMatch(/^blob:/);
    await expectNoAxeViolations(page, { where: 'settings' });
  });
});

describe('switching account', () => {
  it('remembers the accounts logged in on the phone and switches back without the password', async () => {
    const first = await existingAccount('switch-a');
    const second = await existingAccount('switch-b');
    const page = await phone.newPage();
    await logIn(page, first.email, first.password);
    await page.goto('/#/pages/assets/shezhi');
    await page.getByTestId('add-account').click();
    await expect.poll(() => hash(page)).toContain('/pages/login/login');
    // "Add account" gives the form, saying the first account stays on the device (issue 24).
    await expect.poll(() => page.getByTestId('add-account-hint').isVisible()).toBe(true);
    await page.fill('input[name=account]', second.email);
    await page.fill('input[name=password]', second.password);
    await page.getByTestId('submit').click();
    await expect.poll(() => hash(page)).not.toContain('/pages/login/login');
    await page.goto('/#/pages/assets/shezhi');
    await expect.poll(() => text(page, 'user-id')).toBe(second.userId);

    await page.getByTestId(`account-${first.userId}`).click();
    await expect.poll(() => text(page, 'user-id')).toBe(first.userId);
    expect(await page.locator('input[type=password]').count()).toBe(0);
    await page.getByTestId(`account-${second.userId}`).click();
    await expect.poll(() => text(page, 'user-id')).toBe(second.userId);
  });
});

describe('the login page when logged in (issue 24)', () => {
  it('says who is logged in and offers to go on, add another account or log out, instead of a second login form', async () => {
    const user = await existingAccount('signed-in');
    const page = await phone.newPage();
    await logIn(page, user.email, user.password);
    for (const path of ['/pages/login/login', '/pages/login/register']) {
      await page.goto(`/#${path}`);
      await expect.poll(() => page.getByTestId('signed-in').isVisible()).toBe(true);
      expect(await page.locator('input[name=password]').count(), path).toBe(0);
    }
    await page.goto('/#/pages/login/login');
    await page.getByTestId('signed-in-add').click();
    await expect.poll(() => page.locator('input[name=password]').count()).toBe(1);
    await expectNoAxeViolations(page, { where: 'login, adding an account' });

    await page.goto('/#/pages/login/login');
    await page.getByTestId('signed-in-continue').click();
    await expect.poll(() => hash(page)).not.toContain('/pages/login');

    await page.goto('/#/pages/login/login');
    await page.getByTestId('signed-in-logout').click();
    await expect.poll(() => page.locator('input[name=password]').count()).toBe(1);
    expect(await page.getByTestId('signed-in').count()).toBe(0);
  });
});

describe('a demo session and passwords (issue 24)', () => {
  it('says a demo account has no login password, and never asks for a current one', async () => {
    const page = await phone.newPage();
    await page.goto('/#/pages/login/login');
    await page.getByTestId('demo-login').click();
    await expect.poll(() => hash(page)).not.toContain('login');
    await page.goto('/#/pages/assets/anquanzhongxin');
    await expect.poll(() => page.getByTestId('demo-no-password').isVisible()).toBe(true);
    expect(await text(page, 'demo-no-password')).toBe(
      'A demo account has no login password: this device opens it without one. Register an account of your own to have a password.',
    );
    expect(await page.getByTestId('change-password').count()).toBe(0);
    // Its address, opened directly, says the same: no form asking for a password never set.
    await page.goto('/#/pages/assets/xiugaimima');
    await expect.poll(() => page.getByTestId('demo-no-password').isVisible()).toBe(true);
    expect(await page.locator('input[type=password]').count()).toBe(0);
    await expectNoAxeViolations(page, { where: 'change password, demo' });
  });
});

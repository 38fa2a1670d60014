import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { base32Decode, hotp, totpStep } from '../../apps/server/src/platform/secrets/totp.ts';
import { creditByOperators, existingAccount } from '../lib/accounts.ts';
import { expectNoAxeViolations } from '../lib/axe.ts';
import { usePhone } from '../lib/browser.ts';
import { logIn } from '../lib/login.ts';
import { operatorSignIn } from '../lib/operator.ts';
import { capture, openIn, text as stringOf, strings } from '../lib/screens.ts';
import { call, ledgerProblems, verifiedAccount } from '../lib/verified.ts';

const phone = usePhone();
const text = (page: Page, testId: string) => page.getByTestId(testId).first().innerText();
const hash = (page: Page) => page.evaluate(() => location.hash);
/** What the user's authenticator app shows at a time step: the RFC's algorithm on the key. */
const codeAt = (secret: string, step: number) => hotp(base32Decode(secret), step);
const now = () => totpStep(Date.now());

/** The password step of the login form, which now answers with the code step. */
async function passwordStep(page: Page, email: string, password: string) {
  await page.goto('/#/pages/login/login');
  await page.fill('input[name=account]', email);
  await page.fill('input[name=password]', password);
  await page.getByTestId('submit').click();
  await page.getByTestId('totp-code').waitFor({ state: 'visible' });
}

describe('two-factor sign-in', () => {
  it('a user turns on two-factor with an authenticator app, signs out, and signs in again with a code or a recovery code', async () => {
    const { email, password } = await existingAccount('totp');
    const page = await phone.newPage();
    await logIn(page, email, password);
    await page.goto('/#/pages/assets/anquanzhongxin');
    await expect.poll(() => text(page, 'totp-status')).toBe('Off: your password alone signs you in');
    await page.getByTestId('totp-enable').click();
    await page.getByTestId('totp-qr').waitFor({ state: 'visible' });
    const secret = await text(page, 'totp-secret');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expectNoAxeViolations(page, { where: 'two-factor set-up' });

    // A wrong code shows under the field and turns nothing on.
    await page.fill('input[name=code]', codeAt(secret, now() + 5));
    await page.getByTestId('totp-form-submit').click();
    await expect
      .poll(() => text(page, 'code-error'))
      .toBe('The authenticator code is wrong or already used.');
    const enabledAt = now();
    await page.fill('input[name=code]', codeAt(secret, enabledAt));
    await page.getByTestId('totp-form-submit').click();
    await expect.poll(() => page.getByTestId('totp-recovery-codes').locator('li').count()).toBe(10);
    const recovery = await page.getByTestId('totp-recovery-codes').locator('li').allInnerTexts();
    await capture(page, 'en', 'totp-recovery', 'Recovery codes', 'totp-recovery');
    await page.getByTestId('totp-recovery-saved').click();
    await expect.poll(() => text(page, 'totp-status')).toBe('On · 10 recovery codes left');

    await page.goto('/#/pages/assets/shezhi');
    await page.getByTestId('logout').click();
    await page.getByTestId('dialog-ok').click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    // The password alone no longer signs in: the code step asks the app's code (the enabling one is spent,
    // the next step's is taken as the app shows it).
    for (const lang of ['en', 'de']) {
      const bundle = strings(lang);
      const tab = await openIn(phone, lang);
      await passwordStep(tab, email, password);
      await capture(tab, lang, 'totp-login', stringOf(bundle, 'auth.totp.heading'), 'totp-code');
      await tab.close();
    }
    await passwordStep(page, email, password);
    // The code that turned it on is spent (and, minutes later, out of the window anyway).
    await page.fill('input[name=code]', codeAt(secret, enabledAt));
    await page.getByTestId('totp-submit').click();
    await expect
      .poll(() => text(page, 'code-error'))
      .toBe('The authenticator code is wrong or already used.');
    // The app's next code: the step after the spent one, or now's if time has moved on.
    await page.fill('input[name=code]', codeAt(secret, Math.max(now(), enabledAt + 1)));
    await page.getByTestId('totp-submit').click();
    await expect.poll(() => hash(page)).not.toContain('login');

    // Changing the password now asks the app's code too: without it, the form says so under its field.
    await page.goto('/#/pages/assets/xiugaimima');
    await page.locator('input[name=totpCode]').waitFor({ state: 'visible' });
    await page.fill('input[name=oldPassword]', password);
    await page.fill('input[name=password]', 'Changed2468');
    await page.fill('input[name=confirmPassword]', 'Changed2468');
    await page.getByTestId('submit').click();
    await expect
      .poll(() => text(page, 'totpCode-error'))
      .toBe('Please enter the code from your authenticator app.');

    // A lost phone: a recovery code signs in once, on another device, in German.
    const de = await openIn(phone, 'de');
    await passwordStep(de, email, password);
    await de.fill('input[name=code]', recovery[0] as string);
    await de.getByTestId('totp-submit').click();
    await expect.poll(() => hash(de)).not.toContain('login');
    await de.goto('/#/pages/assets/anquanzhongxin');
    await expect.poll(() => text(de, 'totp-status')).toBe('An · noch 9 Wiederherstellungscodes');
  });

  it('with two-factor on, a withdrawal and an address-book change ask the app’s code; a spent one is refused; an admin resets it', async () => {
    const user = await verifiedAccount('totp-withdraw');
    await creditByOperators(user.userId, 'USDT', '100');
    // Signed in on two phones (English and German) before two-factor is turned on: no code spent on sign-in.
    const page = await phone.newPage();
    await logIn(page, user.email, user.password);
    const de = await openIn(phone, 'de');
    await logIn(de, user.email, user.password);

    // A saved address, then two-factor on through the API with the code of this step (now spent).
    const { token } = await call<{ token: string }>('POST', '/api/auth/login', {
      account: user.email,
      password: user.password,
    });
    const to = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    await call(
      'POST',
      '/api/credit/bindwithdrawaddress',
      { address: to, remark: 'Cold', chainId: 31337 },
      token,
    );
    // The address book open on the phone while two-factor is still off.
    await page.goto('/#/pages/assets/tibidizhi');
    await expect.poll(() => page.getByTestId('address-row').count()).toBe(1);
    const { secret } = await call<{ secret: string }>('POST', '/api/auth/totp/setup', {}, token);
    const enabledAt = now();
    await call('POST', '/api/auth/totp/enable', { code: codeAt(secret, enabledAt) }, token);

    // Deleting the address asks the code (the screen learns it from the server's refusal, unreloaded);
    // the spent one is refused under the box and nothing is deleted.
    await page.getByTestId('address-delete').click();
    await page.getByTestId('dialog-ok').click();
    await page.getByTestId('totp-dialog-code').waitFor({ state: 'visible' });
    await page.fill('input[name=totpCode]', codeAt(secret, enabledAt));
    await page.getByTestId('dialog-ok').click();
    await expect
      .poll(() => text(page, 'totpCode-error'))
      .toBe('The authenticator code is wrong or already used.');
    await page.getByTestId('dialog-cancel').click();
    expect(await page.getByTestId('address-row').count()).toBe(1);

    // The withdraw form: after the confirmation, the code box (screens in English and German).
    const askCode = async (tab: Page) => {
      await tab.goto('/#/pages/assets/tibi');
      await expect.poll(() => tab.inputValue('input[name=address]')).toBe(to);
      await tab.locator('input[name=amount]').fill('20');
      await tab.fill('input[name=tradePassword]', user.password);
      await tab.getByTestId('withdraw-submit').click();
      await tab.getByTestId('withdraw-confirm').waitFor({ state: 'visible' });
      await tab.getByTestId('dialog-ok').click();
      await tab.getByTestId('totp-dialog-code').waitFor({ state: 'visible' });
    };
    await askCode(de);
    await capture(
      de,
      'de',
      'withdraw-totp',
      stringOf(strings('de'), 'funding.totp.title'),
      'totp-dialog-code',
    );
    await de.close();
    await askCode(page);
    await capture(page, 'en', 'withdraw-totp', 'Security verification', 'totp-dialog-code');
    await expectNoAxeViolations(page, { where: 'withdraw, the code box' });
    await page.getByTestId('dialog-ok').click();
    await expect.poll(() => text(page, 'totpCode-error')).toBe('Please enter the code.');
    await page.fill('input[name=totpCode]', codeAt(secret, enabledAt));
    await page.getByTestId('dialog-ok').click();
    await expect
      .poll(() => text(page, 'totpCode-error'))
      .toBe('The authenticator code is wrong or already used.');
    // The app's next code sends it.
    await page.fill('input[name=totpCode]', codeAt(secret, Math.max(now(), enabledAt + 1)));
    await page.getByTestId('dialog-ok').click();
    await expect.poll(() => hash(page)).toContain('tibiList');
    await expect.poll(() => text(page, 'withdrawal-amount')).toBe('20.00 USDT');
    expect(await ledgerProblems()).toEqual([]);

    // The phone and the recovery codes lost: an admin checks who it is out of band and resets it, with the reason.
    const admin = await phone.newPage();
    await operatorSignIn(admin);
    await admin.fill('input[name=q]', user.email);
    await admin.keyboard.press('Enter');
    await expect.poll(() => admin.locator('[data-testid^=user-row-]').count()).toBe(1);
    await admin.getByTestId(`user-totp-reset-${user.userId}`).click();
    await admin.getByTestId('totp-reset-reason').fill('Video call against the verified passport');
    await expectNoAxeViolations(admin, { where: 'back office: reset two-factor' });
    await admin.getByTestId('confirm-dialog').getByRole('button', { name: 'Reset 2FA' }).click();
    await expect.poll(() => admin.locator('body').innerText()).toContain('they have been told');
    // The password alone signs in again, and the security centre says two-factor is off.
    const after = await phone.newPage();
    await logIn(after, user.email, user.password);
    await after.goto('/#/pages/assets/anquanzhongxin');
    await expect.poll(() => text(after, 'totp-status')).toBe('Off: your password alone signs you in');
  });
});

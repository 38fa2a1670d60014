import { describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations } from '../lib/axe.ts';
import { usePhone } from '../lib/browser.ts';
import { DevWallet } from '../lib/wallet.ts';

const phone = usePhone();
const DEV_CHAIN_ID = 31337;
const { rpcUrl } = inject('devChain');

describe('the browser wallet', () => {
  it('without a wallet, wallet login shows how to open the site in a wallet app', async () => {
    const page = await phone.newPage();
    await page.goto('/#/pages/login/login');
    await page.getByTestId('wallet-login').click();
    await expect.poll(() => page.evaluate(() => location.hash)).toContain('/pages/index/web');
    expect(await page.getByTestId('site-url').innerText()).toBe(`${phone.baseUrl}/`);
    // The same address as a QR code, named for what it holds.
    const qr = page.getByRole('img', { name: `${phone.baseUrl}/` });
    expect(await qr.evaluate((el) => el.tagName.toLowerCase())).toBe('svg');
    expect(await qr.isVisible()).toBe(true);
    await expectNoAxeViolations(page, { where: 'no wallet' });
  });

  it('a wallet user logs in by signing the server’s SIWE message, once', async () => {
    const page = await phone.newPage();
    const wallet = new DevWallet(DEV_CHAIN_ID, rpcUrl);
    await wallet.installIn(page);
    await page.goto('/#/pages/login/login');
    await expectNoAxeViolations(page, { where: 'login with a wallet' });
    // A mark on this document: gone once the page has reloaded.
    await page.evaluate(() => {
      (window as unknown as { beforeLogin?: boolean }).beforeLogin = true;
    });
    await page.getByTestId('wallet-login').click();
    // Signed in, the page reloads; the assets page shows the wallet user. Wait for the reload itself,
    // not only its hash: a navigation started before it completes is interrupted by it.
    await expect.poll(() => wallet.requests.includes('personal_sign')).toBe(true);
    const reloaded = () =>
      page
        .evaluate(
          () =>
            (window as unknown as { beforeLogin?: boolean }).beforeLogin === undefined &&
            /^#\/?$/.test(location.hash),
        )
        .catch(() => false);
    await expect.poll(reloaded).toBe(true);
    await page.waitForLoadState('load');
    await page.goto('/#/pages/index/Assets');
    const short = `${wallet.address.toLowerCase().slice(0, 6)}…${wallet.address.toLowerCase().slice(-4)}`;
    await expect.poll(() => page.getByTestId('nickname').innerText()).toBe(short);

    // Signed in, the login page says so first; asked to add an account, the same wallet, already
    // signed in, is asked for nothing more.
    await page.goto('/#/pages/login/login');
    await page.getByTestId('signed-in-add').click();
    const signed = wallet.requests.filter((m) => m === 'personal_sign').length;
    await page.getByTestId('wallet-login').click();
    await expect.poll(() => page.evaluate(() => location.hash)).toMatch(/^#\/?$/);
    expect(wallet.requests.filter((m) => m === 'personal_sign').length).toBe(signed);
  });
});

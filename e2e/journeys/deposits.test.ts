import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { existingAccount } from '../lib/accounts.ts';
import { expectNoAxeViolations } from '../lib/axe.ts';
import { usePhone } from '../lib/browser.ts';
import { devChain } from '../lib/chain.ts';
import { logIn } from '../lib/login.ts';

const phone = usePhone();
const text = (page: Page, testId: string) => page.getByTestId(testId).first().innerText();

describe('chain deposits', () => {
  it('shows the user their dev chain address with its QR; a transfer to it turns credited and shows in the balance', async () => {
    const user = await existingAccount('deposit');
    const page = await phone.newPage();
    await logIn(page, user.email, user.password);
    await page.goto('/#/pages/assets/recharge');
    await expect
      .poll(() => text(page, 'deposit-address'), { timeout: 15_000 })
      .toMatch(/^0x[0-9a-fA-F]{40}$/);
    const address = (await text(page, 'deposit-address')) as `0x${string}`;
    expect(await page.getByTestId('deposit-qr').isVisible()).toBe(true);
    expect(await page.getByTestId('deposit-chain-31337').getAttribute('aria-pressed')).toBe('true');
    // The minimum by USDT's two places, as every amount of it shows.
    expect(await text(page, 'deposit-minimum')).toContain('10.00 USDT');
    await expectNoAxeViolations(page, { where: 'Deposit' });

    const chain = devChain();
    await chain.transferUsdt(chain.deployer.key, address, '30');
    // The dev chain mines a block a second and the watcher reads it every 3 s.
    await page.goto('/#/pages/assets/rechargeList');
    await expect
      .poll(
        async () => {
          await page.reload();
          return page
            .getByTestId('deposit-status')
            .first()
            .innerText()
            .catch(() => '');
        },
        { timeout: 60_000, interval: 2_000 },
      )
      .toBe('Credited');
    expect(await text(page, 'deposit-amount')).toContain('30');
    await expectNoAxeViolations(page, { where: 'Deposit records' });

    await page.goto('/#/pages/index/Assets');
    await expect.poll(() => text(page, 'balance-available-USDT')).toContain('30');
  });
});

describe('a demo account on the deposit pages (issue 24)', () => {
  it('is told once that demo accounts cannot deposit, and the pages ask the server nothing it would refuse', async () => {
    const page = await phone.newPage();
    const refused: string[] = [];
    page.on('response', (r) => {
      if (r.status() === 403) refused.push(r.url());
    });
    await page.goto('/#/pages/login/login');
    await page.getByTestId('demo-login').click();
    await expect.poll(() => page.evaluate(() => location.hash)).not.toContain('login');
    for (const path of [
      '/pages/assets/rechargeList',
      '/pages/assets/rechargeList?tab=bank',
      '/pages/assets/recharge',
    ]) {
      await page.goto(`/#${path}`);
      await expect.poll(() => page.getByTestId('deposit-demo').isVisible()).toBe(true);
      const said = await text(page, 'deposit-demo');
      expect(said).toContain('Demo accounts cannot deposit');
      expect(said).toContain(
        'A demo account trades with demo funds only. Log in with your own account to deposit.',
      );
      // One explanation: no tabs behind it, no toast saying it again.
      await page.waitForTimeout(1000);
      expect(await page.getByTestId('toast').count(), path).toBe(0);
      expect(await page.getByTestId('records-tab-bank').count(), path).toBe(0);
    }
    expect(refused).toEqual([]);
    await expectNoAxeViolations(page, { where: 'deposit records, demo' });
  });
});

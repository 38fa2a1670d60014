import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { creditByOperators, ensureReviewer, REVIEWER } from '../lib/accounts.ts';
import { expectNoAxeViolations } from '../lib/axe.ts';
import { usePhone } from '../lib/browser.ts';
import { devChainUsdtBalance, freshAddress } from '../lib/dev-chain.ts';
import { logIn } from '../lib/login.ts';
import { operatorSignIn } from '../lib/operator.ts';
import { ledgerProblems, verifiedAccount } from '../lib/verified.ts';

const phone = usePhone();
const text = (page: Page, testId: string) => page.getByTestId(testId).first().innerText();

/** The address with one letter's case changed: its EIP-55 checksum no longer matches. */
function withOneCaseFlipped(address: string): string {
  const i = address.slice(2).search(/[a-fA-F]/) + 2;
  const c = address[i] as string;
  return (
    address.slice(0, i) + (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()) + address.slice(i + 1)
  );
}

describe('withdrawals', () => {
  it('a verified user saves an address, withdraws above the review threshold, an operator approves, the tokens arrive on chain', async () => {
    const user = await verifiedAccount('withdraw');
    await creditByOperators(user.userId, 'USDT', '2000');
    await ensureReviewer();
    const to = freshAddress();
    const page = await phone.newPage();
    await logIn(page, user.email, user.password);

    // The address book: a bad checksum is refused under the field; typed in lower case it is saved checksummed.
    await page.goto('/#/pages/assets/tibidizhi');
    await expect.poll(() => page.getByTestId('address-add').count()).toBe(1);
    await expectNoAxeViolations(page, { where: 'address book, empty' });
    await page.getByTestId('address-add').click();
    await page.fill('input[name=address]', withOneCaseFlipped(to));
    await page.fill('input[name=remark]', 'My cold wallet');
    await page.getByTestId('address-save').click();
    await expect
      .poll(() => text(page, 'address-error'))
      .toBe('The address’s checksum does not match: please check it for typing errors.');
    await expectNoAxeViolations(page, { where: 'address edit, refused' });
    await page.fill('input[name=address]', to.toLowerCase());
    await page.getByTestId('address-save').click();
    await expect.poll(() => text(page, 'address-value')).toBe(to);

    // Withdraw 1500 USDT (above the 1,000 review threshold) to the saved address.
    await page.goto('/#/pages/assets/tibi');
    await expect.poll(() => page.getByTestId('withdraw-book').count()).toBe(1);
    // It starts on the saved address, not on "A new address" with an empty field (issue 24).
    const saved = await page.getByTestId('withdraw-book').locator('option').nth(1).getAttribute('value');
    await expect.poll(() => page.inputValue('input[name=address]')).toBe(to);
    expect(await page.getByTestId('withdraw-book').inputValue()).toBe(saved);
    // "A new address" empties the field; picking the saved one fills it again.
    await page.getByTestId('withdraw-book').selectOption('');
    expect(await page.inputValue('input[name=address]')).toBe('');
    await page.getByTestId('withdraw-book').selectOption(saved ?? '');
    expect(await page.inputValue('input[name=address]')).toBe(to);
    await page.locator('input[name=amount]').fill('1500');
    await expect.poll(() => text(page, 'withdraw-received')).toBe('1,499.00 USDT');
    await page.fill('input[name=tradePassword]', user.password);
    await expectNoAxeViolations(page, { where: 'withdraw form' });
    // The records, open on another device: they follow the withdrawal without a reload (issue 23).
    const records = await phone.newPage();
    await logIn(records, user.email, user.password);
    await records.goto('/#/pages/assets/tibiList');
    await expect.poll(() => text(records, 'list-footer')).toContain('List is empty');
    await page.getByTestId('withdraw-submit').click();
    await expect.poll(() => text(page, 'confirm-received')).toContain('1,499.00');
    // A double press sends one withdrawal.
    await page.getByRole('button', { name: 'Withdraw now' }).dblclick();
    await expect.poll(() => page.evaluate(() => location.hash)).toContain('tibiList');
    await expect.poll(() => text(page, 'withdrawal-status')).toBe('Under review');
    await expectNoAxeViolations(page, { where: 'withdrawal records' });
    await expect.poll(() => text(records, 'withdrawal-status')).toBe('Under review');

    // An operator approves it in the back office.
    const admin = await phone.newPage();
    await operatorSignIn(admin, REVIEWER);
    await admin.goto('/admin/#/withdrawals');
    const row = admin.locator(`[data-user="${user.userId}"]`);
    await expect.poll(() => row.count()).toBe(1);
    await row.getByRole('link').click();
    await admin.getByTestId('withdrawal-approve').click();
    await admin.getByRole('button', { name: 'Approve' }).last().click();
    await expect.poll(() => text(admin, 'withdrawal-status'), { timeout: 30_000 }).not.toBe('Under review');

    // The tokens arrive at the address on the dev chain, read from the chain itself.
    await expect.poll(() => devChainUsdtBalance(to), { timeout: 60_000 }).toBe('1499');
    // Both open records follow it to its confirmations (a block a second on the e2e chain), unreloaded.
    await expect.poll(() => text(records, 'withdrawal-status'), { timeout: 60_000 }).toBe('Completed');
    await expect.poll(() => text(page, 'withdrawal-status'), { timeout: 30_000 }).toBe('Completed');
    expect(await page.getByTestId('withdrawal-row').count()).toBe(1);
    expect(await text(page, 'withdrawal-amount')).toBe('1,500.00 USDT');

    // The back office's hot wallet and chain status: the hot wallet read from the chain, the gas
    // account that pays sweeps' gas (funded), the watcher's last block, nothing waiting for funds.
    await admin.goto('/admin/#/chains');
    const chain = admin.getByTestId('chain-31337');
    await expect.poll(() => chain.count(), { timeout: 15_000 }).toBe(1);
    await expect
      .poll(() => text(admin, 'chain-31337-hot-wallet'))
      .toMatch(/0x[0-9a-fA-F]{40}\s+[\d.]+ USDT · [\d.]+ ETH/);
    await expect
      .poll(
        async () => {
          await admin.getByTestId('chain-status-refresh').click();
          return text(admin, 'chain-31337-gas-account');
        },
        { timeout: 30_000, interval: 2_000 },
      )
      .toContain('Funded');
    expect(await text(admin, 'chain-31337-watcher')).toMatch(/Last block scanned \d+/);
    expect(await text(admin, 'chain-31337-waiting')).toContain('None');
    await expectNoAxeViolations(admin, { where: 'back office: hot wallet and chains' });
    // A table holding nothing focusable (the proof's totals) is a region the keyboard reaches,
    // however few its rows (the axe helper judges every scrolling box as overflowing).
    await admin.goto('/admin/#/ledger');
    await expect.poll(() => admin.getByTestId('proof-totals').count(), { timeout: 15_000 }).toBe(1);
    await expectNoAxeViolations(admin, { where: 'back office: ledger check and proof' });
    expect(await ledgerProblems()).toEqual([]);
  });
});

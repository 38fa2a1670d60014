import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { creditByOperators, existingAccount, publishProofSnapshot } from '../lib/accounts.ts';
import { expectNoAxeViolations } from '../lib/axe.ts';
import { usePhone } from '../lib/browser.ts';
import { logIn } from '../lib/login.ts';
import { capture, openIn, text as said, strings } from '../lib/screens.ts';

const phone = usePhone();
const text = (page: Page, testId: string) => page.getByTestId(testId).first().innerText();

describe('money', () => {
  it('a demo user sees 100,000 USDT, moves some to contract, converts some to BTC, and sees both in history', async () => {
    const page = await phone.newPage();
    await page.goto('/#/pages/login/login');
    await page.getByTestId('demo-login').click();
    await page.getByTestId('tab-assets').click();
    // 100,000 in funding and 10,000 in the contract account (issue 24).
    await expect.poll(() => text(page, 'total-usdt')).toContain('110,000');
    await expect.poll(() => text(page, 'balance-available-USDT')).toContain('100,000');
    await expectNoAxeViolations(page, { where: 'assets' });

    await page.goto('/#/pages/index/Transfer');
    await page.getByTestId('transfer-from').waitFor();
    await expectNoAxeViolations(page, { where: 'transfer' });
    await page.selectOption('[data-testid=transfer-from]', 'funding');
    await page.selectOption('[data-testid=transfer-to]', 'contract');
    await page.selectOption('[data-testid=transfer-asset]', 'USDT');
    // No amount: said under the amount, and it stays there until the amount changes.
    await page.getByTestId('submit').click();
    await expect.poll(() => page.getByTestId('amount-error').isVisible()).toBe(true);
    await page.waitForTimeout(3000);
    expect(await page.getByTestId('amount-error').isVisible()).toBe(true);
    await page.fill('input[name=amount]', '2500');
    await expect.poll(() => page.getByTestId('amount-error').count()).toBe(0);
    await page.getByTestId('submit').click();
    await expect.poll(() => text(page, 'toast')).toContain('Transfer done');

    await page.goto('/#/pages/index/Exchange');
    await page.getByTestId('exchange-from').waitFor();
    await expectNoAxeViolations(page, { where: 'exchange' });
    await page.selectOption('[data-testid=exchange-from]', 'USDT');
    await page.selectOption('[data-testid=exchange-to]', 'BTC');
    await page.fill('input[name=amount]', '1000');
    await page.getByTestId('get-quote').click();
    await expect.poll(() => text(page, 'quote-receive')).toMatch(/0\.0\d+/);
    await expectNoAxeViolations(page, { where: 'exchange quote' });
    const receive = (await text(page, 'quote-receive')).match(/[\d.,]+/)?.[0] ?? '';
    await page.getByTestId('convert').click();
    await expect.poll(() => text(page, 'toast')).toContain('Exchange done');

    await page.goto('/#/pages/index/TransferList');
    await expect.poll(() => text(page, 'record-row')).toContain('2,500');
    await expectNoAxeViolations(page, { where: 'transfer history' });
    await page.goto('/#/pages/index/ExchangeList');
    await expect.poll(() => text(page, 'record-row')).toContain('1,000');

    await page.goto('/#/pages/index/Assets');
    await expect.poll(() => text(page, 'balance-available-USDT')).toContain('96,500');
    await expect.poll(() => text(page, 'balance-available-BTC')).toContain(receive);
    await page.getByTestId('account-tab-contract').click();
    await expect.poll(() => text(page, 'balance-available-USDT')).toContain('12,500');
  });

  it('a real user sends funds to another by user ID, and both see it', async () => {
    const alice = await existingAccount('alice');
    const bob = await existingAccount('bob');
    await creditByOperators(alice.userId, 'USDT', '300');

    const page = await phone.newPage();
    await logIn(page, alice.email, alice.password);
    await page.goto('/#/pages/index/Transfer?tab=user');
    await expect.poll(() => text(page, 'transfer-warning')).toMatch(/cannot be undone/i);
    await page.fill('input[name=toUserId]', bob.userId);
    await page.locator('input[name=toUserId]').blur();
    await expect.poll(() => text(page, 'recipient-nickname')).toContain('*');
    await page.selectOption('[data-testid=transfer-asset]', 'USDT');
    await page.fill('input[name=amount]', '120.5');
    await page.fill('input[name=tradePassword]', alice.password);
    await page.getByTestId('submit').click();
    await expect.poll(() => text(page, 'transfer-confirm')).toContain(bob.userId);
    expect(await text(page, 'dialog-ok')).toBe('Send transfer');
    await expectNoAxeViolations(page, { where: 'transfer to a user, confirming' });
    await page.getByTestId('dialog-ok').click();
    await expect.poll(() => text(page, 'toast')).toContain('Transfer done');
    await page.goto('/#/pages/index/TransferList?tab=user');
    await expect.poll(() => text(page, 'record-row')).toContain('120.5');
    await page.goto('/#/pages/index/Assets');
    await expect.poll(() => text(page, 'balance-available-USDT')).toContain('179.5');

    const bobPage = await phone.newPage();
    await logIn(bobPage, bob.email, bob.password);
    await bobPage.goto('/#/pages/index/TransferList?tab=user');
    await expect.poll(() => text(bobPage, 'record-row')).toContain(alice.userId);
    await bobPage.goto('/#/pages/index/Assets');
    await expect.poll(() => text(bobPage, 'balance-available-USDT')).toContain('120.5');
  });

  it('a user verifies their proof of liabilities in the browser', async () => {
    const carol = await existingAccount('carol');
    await creditByOperators(carol.userId, 'USDT', '42');
    await publishProofSnapshot();

    const page = await phone.newPage();
    await logIn(page, carol.email, carol.password);
    await page.getByTestId('tab-assets').click();
    await page.getByTestId('proof-link').click();
    await expect.poll(() => text(page, 'proof-root')).toMatch(/[0-9a-f]{16}/);
    await page.getByTestId('verify-proof').click();
    await expect.poll(() => text(page, 'proof-result')).toMatch(/included/i);
    // The reserves signed for this snapshot on the dev chain, each signature checked in the page.
    await expect.poll(() => page.getByTestId('reserves-address').count()).toBeGreaterThan(0);
    const verdicts = await page
      .getByTestId('reserves-address')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-verified')));
    expect(new Set(verdicts)).toEqual(new Set(['true']));
    expect(await text(page, 'reserves-card')).toContain('Hot wallet');
    // The snapshots kept, newest first: the one just published heads the list, with its root.
    await expect
      .poll(async () => (await text(page, 'proof-history-row')).includes(await text(page, 'proof-root')))
      .toBe(true);
    await expect.poll(() => text(page, 'reserves-ratio-USDT')).toMatch(/\d+(\.\d+)?%/);
    await expectNoAxeViolations(page, { where: 'proof of liabilities' });
    await capture(page, 'en', 'proof', said(strings('en'), 'proof.reserves.title'), 'reserves-address');
    const german = await openIn(phone, 'de');
    await logIn(german, carol.email, carol.password);
    await german.goto('/#/pages/assets/proof');
    await capture(german, 'de', 'proof', said(strings('de'), 'proof.reserves.title'), 'reserves-address');

    // The downloaded proof, checked again on the one-file offline page, which makes no request at all.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('download-proof').click(),
    ]);
    const file = await download.path();
    expect(await page.getByTestId('offline-proof-link').getAttribute('href')).toBe(
      'verify-proof.html?lang=en',
    );
    for (const lang of ['en', 'de']) {
      const offline = await phone.newPage();
      await offline.goto(`/verify-proof.html?lang=${lang}`);
      const requests: string[] = [];
      offline.on('request', (r) => requests.push(r.url()));
      await offline.setInputFiles('#proof-file', file);
      const included = said(strings(lang), 'proof.included');
      await expect.poll(() => text(offline, 'offline-result')).toBe(included);
      await capture(offline, lang, 'proof-offline', included, 'offline-details');
      // A changed balance in the file: the leaf no longer matches.
      const proof = JSON.parse(readFileSync(file, 'utf8'));
      proof.balances[0].amount = '4200';
      const buffer = Buffer.from(JSON.stringify(proof));
      await offline.setInputFiles('#proof-file', {
        name: 'changed.json',
        mimeType: 'application/json',
        buffer,
      });
      await expect.poll(() => text(offline, 'offline-result')).toBe(said(strings(lang), 'proof.failed.leaf'));
      await offline.setInputFiles('#proof-file', {
        name: 'x.json',
        mimeType: 'application/json',
        buffer: Buffer.from('{}'),
      });
      await expect
        .poll(() => text(offline, 'offline-result'))
        .toBe(said(strings(lang), 'proof.offlinePage.notProof'));
      expect(requests).toEqual([]);
      await expectNoAxeViolations(offline, { where: `offline proof check (${lang})` });
    }
  });

  it('a user who joined after the latest snapshot is told when the next one is, without an error', async () => {
    await publishProofSnapshot();
    const dave = await existingAccount('dave');
    const page = await phone.newPage();
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('response', (r) => {
      if (r.url().includes('/api/proof/') && r.status() >= 400) errors.push(`${r.status()} ${r.url()}`);
    });
    await logIn(page, dave.email, dave.password);
    await page.goto('/#/pages/assets/proof');
    await expect.poll(() => text(page, 'proof-not-included')).toContain('not in the latest snapshot');
    expect(await text(page, 'proof-not-included')).toMatch(/next snapshot is taken at .*\d/);
    expect(errors).toEqual([]);
    await expectNoAxeViolations(page, { where: 'proof of liabilities, not included yet' });
  });
});

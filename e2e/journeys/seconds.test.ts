import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../lib/axe.ts';
import { usePhone } from '../lib/browser.ts';
import { ledgerProblems } from '../lib/verified.ts';

const phone = usePhone();
const text = (page: Page, testId: string) => page.getByTestId(testId).first().innerText();

/** The contract account's USDT as the server holds it (available, frozen), read with the page's session. */
async function contractUsdt(page: Page): Promise<{ available: string; frozen: string }> {
  return page.evaluate(async () => {
    // The app's storage keeps { v: value, e: expiry }.
    const token = (JSON.parse(localStorage.getItem('token') ?? '{}') as { v?: string }).v;
    const res = await fetch('/api/assets/overview', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: '{}',
    });
    const body = (await res.json()) as {
      data: {
        accounts: { kind: string; balances: { asset: string; available: string; frozen: string }[] }[];
      };
    };
    const b = body.data.accounts.find((a) => a.kind === 'contract')?.balances.find((x) => x.asset === 'USDT');
    return { available: b?.available ?? '0', frozen: b?.frozen ?? '0' };
  });
}

/** Exact decimal difference a - b of two decimal strings (test arithmetic without floats). */
function minus(a: string, b: string): string {
  const scale = (s: string) => {
    const [w, f = ''] = s.replace('-', '').split('.');
    const v = BigInt(w ?? '0') * 10n ** 18n + BigInt(f.padEnd(18, '0'));
    return s.startsWith('-') ? -v : v;
  };
  const d = scale(a) - scale(b);
  const neg = d < 0n;
  const abs = neg ? -d : d;
  const frac = (abs % 10n ** 18n).toString().padStart(18, '0').replace(/0+$/, '');
  return `${neg ? '-' : ''}${abs / 10n ** 18n}${frac ? `.${frac}` : ''}`;
}

describe('seconds contracts', () => {
  it('a demo user buys a 30 s up contract, watches the countdown, and sees it settle on two ticks with the payout', {
    timeout: 150_000,
  }, async () => {
    const page = await phone.newPage();
    await page.goto('/#/pages/login/login');
    await page.getByTestId('demo-login').click();
    await expect.poll(() => page.evaluate(() => location.hash)).not.toContain('login');

    // Money for contracts lives in the contract account.
    await page.goto('/#/pages/index/Transfer');
    await page.getByTestId('transfer-from').waitFor();
    await page.selectOption('[data-testid=transfer-from]', 'funding');
    await page.selectOption('[data-testid=transfer-to]', 'contract');
    await page.selectOption('[data-testid=transfer-asset]', 'USDT');
    await page.fill('input[name=amount]', '1000');
    await page.getByTestId('submit').click();
    await expect.poll(() => text(page, 'toast')).toContain('Transfer done');

    await page.goto('/#/pages/index/Options?symbol=BTC/USDT');
    await page.getByTestId('period-30').waitFor();
    expect(await text(page, 'period-30')).toContain('80');
    // The risk before buying: 1 / (1 + 0.8) = 55.56%.
    expect(await text(page, 'break-even')).toContain('55.5');
    await page.getByTestId('dir-up').click();
    await page.getByTestId('period-30').click();
    await page.fill('input[name=stake]', '100');
    await expect
      .poll(() => page.getByTestId('seconds-payout').locator('[data-value]').getAttribute('data-value'))
      .toBe('180');
    await expectNoAxeViolations(page, { where: 'seconds ticket' });

    const before = await contractUsdt(page);
    await page.getByTestId('seconds-buy').click();
    await expect.poll(() => text(page, 'seconds-confirm')).toContain('180');
    await page.getByTestId('dialog-ok').click();
    await expect.poll(() => text(page, 'toast')).toContain('Contract bought');
    expect(minus(before.available, (await contractUsdt(page)).available)).toBe('100');

    // The open contract counts down once it has its buy tick.
    const open = page.locator('[data-testid^="contract-"][data-status]').first();
    await expect.poll(() => open.getAttribute('data-status'), { timeout: 10_000 }).toBe('trading');
    await expect.poll(() => open.getByTestId('countdown').innerText()).toMatch(/\d+ s to delivery/);
    const first = Number((await open.getByTestId('countdown').innerText()).match(/\d+/)?.[0]);
    await expect
      .poll(async () => Number((await open.getByTestId('countdown').innerText()).match(/\d+/)?.[0]))
      .toBeLessThan(first);
    await expectNoAxeViolations(page, { where: 'seconds countdown' });

    // Settled on the last tick at or before delivery: both ticks and the result shown.
    const result = page.getByTestId('seconds-result');
    await expect
      .poll(() => result.getAttribute('data-status'), { timeout: 60_000, interval: 500 })
      .toBe('completed');
    const buyTs = await result.getByTestId('buy-tick').getAttribute('data-ts');
    const settleTs = await result.getByTestId('settle-tick').getAttribute('data-ts');
    const outcome = await result.getByTestId('contract-result').innerText();
    expect(buyTs).toBeTruthy();
    if (!/no price change/.test(outcome)) {
      expect(Date.parse(settleTs ?? '')).toBeGreaterThan(Date.parse(buyTs ?? ''));
      expect(Date.parse(settleTs ?? '')).toBeLessThanOrEqual(Date.parse(buyTs ?? '') + 30_000);
    }
    const buyPrice = await result.getByTestId('buy-tick').getAttribute('data-price');
    const settlePrice = await result.getByTestId('settle-tick').getAttribute('data-price');
    const pnl = (await result.getByTestId('contract-pnl').getAttribute('data-value')) ?? '';
    const expected =
      settlePrice === null || settlePrice === buyPrice
        ? '0'
        : minus(settlePrice, buyPrice ?? '0').startsWith('-')
          ? '-100'
          : '80';
    expect(pnl).toBe(expected);
    // Its two ticks recomputed in the browser through the index's hash chain to the minutes' heads.
    if (settlePrice !== null) {
      await result.getByTestId('verify-ticks').click();
      await expect.poll(() => result.getByTestId('verify-ticks-result').getAttribute('data-ok')).toBe('true');
      expect(await result.getByTestId('verify-ticks-result').innerText()).toMatch(
        /^Verified: ticks #\d+ and #\d+/,
      );
    }
    await expectNoAxeViolations(page, { where: 'seconds result' });

    // The contract balance moved by exactly the shown profit or loss, and nothing stays frozen.
    const after = await contractUsdt(page);
    expect(minus(after.available, before.available)).toBe(pnl);
    expect(after.frozen).toBe('0');

    await page.getByTestId('seconds-all').click();
    await page.getByTestId('tab-completed').click();
    await expect.poll(() => page.locator('[data-status="completed"]').count()).toBeGreaterThan(0);
    await expectNoAxeViolations(page, { where: 'seconds orders' });
    expect(await ledgerProblems()).toEqual([]);
  });
});

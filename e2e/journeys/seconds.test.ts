import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../lib/axe.ts';
import { usePhone } from '../lib/browser.ts';
import { capture, openIn, strings, text as textOf } from '../lib/screens.ts';
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
    const buyMinute = Math.floor(Date.parse(buyTs ?? '') / 60_000) * 60_000;
    if (settlePrice !== null) {
      // The buy minute's head is final once a later minute's head is published (ticks are flushed
      // in order): from then on the public page shows the very head this verification ends at.
      await expect
        .poll(() => newestHeadMinute(page), { timeout: 70_000, interval: 500 })
        .toBeGreaterThan(buyMinute);
      await result.getByTestId('verify-ticks').click();
      await expect.poll(() => result.getByTestId('verify-ticks-result').getAttribute('data-ok')).toBe('true');
      expect(await result.getByTestId('verify-ticks-result').innerText()).toMatch(
        /^Verified: ticks #\d+ and #\d+/,
      );
    }
    await expectNoAxeViolations(page, { where: 'seconds result' });
    const endedAt =
      settlePrice === null
        ? undefined
        : await result
            .locator(`[data-testid=verify-head][data-minute="${buyMinute}"]`)
            .getAttribute('data-hash');

    // The contract balance moved by exactly the shown profit or loss, and nothing stays frozen.
    const after = await contractUsdt(page);
    expect(minus(after.available, before.available)).toBe(pnl);
    expect(after.frozen).toBe('0');

    // The verification links to the public page of the chain's heads, which lists the same head.
    if (endedAt) {
      await capture(
        page,
        'en',
        'seconds-verified',
        textOf(strings('en'), 'seconds.verify.endsAt'),
        'verify-head',
      );
      await result.getByTestId('verify-heads-link').click();
      const head = page.locator(`[data-testid=tick-head][data-minute="${buyMinute}"]`);
      await head.waitFor({ timeout: 30_000 });
      expect(await head.getAttribute('data-hash')).toBe(endedAt);
      expect(await head.innerText()).toContain(endedAt);
      await capture(page, 'en', 'tick-heads', textOf(strings('en'), 'proof.ticks.title'), 'tick-head');
      await expectNoAxeViolations(page, { where: 'tick heads' });
      await page.goBack();
    }

    await page.getByTestId('seconds-all').click();
    await page.getByTestId('tab-completed').click();
    await expect.poll(() => page.locator('[data-status="completed"]').count()).toBeGreaterThan(0);
    await expectNoAxeViolations(page, { where: 'seconds orders' });
    expect(await ledgerProblems()).toEqual([]);
  });

  it('a guest reads the published tick chain heads in German, newest first', {
    timeout: 60_000,
  }, async () => {
    const page = await openIn(phone, 'de');
    await page.goto(`/#/pages/assets/tickHeads?${new URLSearchParams({ symbol: 'BTC/USDT' })}`);
    await capture(page, 'de', 'tick-heads', textOf(strings('de'), 'proof.ticks.title'), 'tick-head');
    const minutes = await page
      .getByTestId('tick-head')
      .evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-minute'))));
    expect(minutes.length).toBeGreaterThan(0);
    expect(minutes).toEqual([...minutes].sort((a, b) => b - a));
    // Only the newest minute may still be running (its head still moving); every older head is final.
    expect(
      await page.locator('[data-testid=tick-head]:not(:first-child) [data-testid=tick-head-running]').count(),
    ).toBe(0);
    expect(await page.evaluate(() => location.hash)).not.toContain('login');
  });
});

/** The minute of the newest head the platform publishes for BTC/USDT (the public call the page uses). */
async function newestHeadMinute(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const res = await fetch('/api/market/tick-heads', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ symbol: 'BTC/USDT', limit: 1 }),
    });
    const body = (await res.json()) as { data: { items: { minute: number }[] } };
    return body.data.items[0]?.minute ?? 0;
  });
}

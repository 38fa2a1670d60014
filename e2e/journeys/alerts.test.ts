import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { existingAccount } from '../lib/accounts.ts';
import { expectNoAxeViolations } from '../lib/axe.ts';
import { SHARP, usePhone } from '../lib/browser.ts';
import { logIn } from '../lib/login.ts';
import { capture, openIn, strings, text } from '../lib/screens.ts';

const phone = usePhone();
const textOf = (page: Page, testId: string) => page.getByTestId(testId).first().innerText();

/** The price the sheet shows now, as a number of cents (en: "67,250.50"). */
async function sheetCents(page: Page): Promise<bigint> {
  await expect.poll(() => textOf(page, 'alert-sheet-price')).toMatch(/\d/);
  const shown = (await textOf(page, 'alert-sheet-price')).replace(/,/g, '');
  const [whole = '0', frac = ''] = shown.split('.');
  return BigInt(whole) * 100n + BigInt(frac.padEnd(2, '0').slice(0, 2));
}
const dollars = (cents: bigint) => `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;

/**
 * Sets an alert through the open sheet `offset` cents from the price it shows. The simulated feed
 * moves BTC by dollars a second, so the price may pass the value between reading and sending: the
 * server then refuses it under the field ("needs a price above the current price"), and this tries
 * again from the new price, as a person would.
 */
async function setNear(page: Page, condition: 'rises_to' | 'falls_to', offset: bigint) {
  await page.getByTestId(`alert-condition-${condition}`).click();
  for (let attempt = 0; attempt < 8; attempt++) {
    const value = dollars((await sheetCents(page)) + offset);
    await page.getByTestId('alert-value').fill(value);
    await page.getByTestId('alert-submit').click();
    await expect
      .poll(
        async () =>
          (await page.getByTestId('alert-sheet').count()) === 0 ||
          (await page.locator('.field-invalid').count()) > 0,
      )
      .toBe(true);
    if ((await page.getByTestId('alert-sheet').count()) === 0) return value;
    expect(await page.locator('.field-invalid').innerText()).toMatch(/current price/);
  }
  throw new Error('the price kept passing the alert before it was sent');
}

describe('price alerts', () => {
  it('a user sets alerts near the price from the detail and trade screens; one fires and reaches the bell', async () => {
    const user = await existingAccount('alerts');
    const page = await phone.newPage();
    await logIn(page, user.email, user.password);

    // The market detail's bell opens the sheet with the live price.
    await page.goto('/#/pages/futures/heyueDetail?symbol=BTC%2FUSDT');
    await page.getByTestId('alert-button').click();
    await expect.poll(() => textOf(page, 'alert-sheet')).toContain('Price alert · BTC/USDT');
    await expectNoAxeViolations(page, { where: 'the price alert sheet' });
    // A value the server refuses shows under the field and keeps the sheet open.
    await page.getByTestId('alert-condition-rises_to').click();
    await page.getByTestId('alert-value').fill('1');
    await page.getByTestId('alert-submit').click();
    await expect.poll(() => page.locator('.field-invalid').innerText()).toMatch(/above the current price/);
    await setNear(page, 'rises_to', 300n);

    // The spot trade screen has the same bell: the other side, so the walk meets one of the two soon.
    await page.goto('/#/pages/index/buy');
    await page.getByTestId('alert-button').click();
    await setNear(page, 'falls_to', -300n);

    // Whichever the price meets first arrives as a notification: the bell counts it live.
    await page.goto('/#/');
    await expect
      .poll(
        async () => Number((await page.getByTestId('notice-bell').first().getAttribute('data-unread')) ?? 0),
        {
          timeout: 90_000,
        },
      )
      .toBeGreaterThanOrEqual(1);
    await page.getByTestId('notice-bell').first().click();
    const row = page.getByTestId('notice-row').first();
    await expect.poll(() => row.innerText()).toMatch(/BTC\/USDT (rose|fell) to/);
    expect(await row.innerText()).toMatch(
      /Price alert: BTC\/USDT reached [\d,]+\.\d{2}, at or (above|below) your alert price/,
    );

    // Its detail opens the alerts list, where the met one shows triggered; the other can be deleted.
    await row.click();
    await page.getByTestId('notice-open-link').click();
    await expect.poll(() => page.evaluate(() => location.hash)).toContain('/pages/alerts/list');
    await expect
      .poll(() =>
        page.getByTestId('alert-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-status'))),
      )
      .toContain('triggered');
    expect(await page.getByTestId('alert-row').count()).toBe(2);
    await expectNoAxeViolations(page, { where: 'the price alerts list' });
    const rows = await page.getByTestId('alert-row').count();
    await page.getByTestId('alert-delete').first().click();
    await expect.poll(() => page.getByTestId('alert-row').count()).toBe(rows - 1);
  });

  it('a visitor who taps the bell is asked to sign in', async () => {
    const page = await phone.newPage();
    await page.goto('/#/pages/futures/heyueDetail?symbol=BTC%2FUSDT');
    await page.getByTestId('alert-button').click();
    await expect.poll(() => page.evaluate(() => location.hash)).toContain('/pages/login/login');
  });
});

const sharp = usePhone({ scale: SHARP });

describe('screenshots of the price alert screens', () => {
  for (const lang of ['en', 'de']) {
    it(`${lang}: the bell on a detail, the sheet on the trade screen and the alerts list fit the phone in words`, async () => {
      const bundle = strings(lang);
      const page = await openIn(sharp, lang);
      await page.goto('/#/pages/login/login');
      await page.getByTestId('demo-login').click();
      await expect.poll(() => page.evaluate(() => location.hash)).not.toContain('login');

      // The bell beside the star in an instrument's header (a perpetual's detail here).
      await page.goto('/#/pages/futures/heyueDetail?symbol=BTC-PERP');
      await capture(page, lang, 'alert-detail', 'BTC-PERP', 'alert-button');

      await page.goto('/#/pages/index/buy');
      await page.getByTestId('alert-button').click();
      await page.getByTestId('alert-condition-up_percent').click();
      await page.getByTestId('alert-value').fill('5');
      await capture(page, lang, 'alert-sheet', text(bundle, 'alerts.sheet.current'), 'alert-submit');
      await page.getByTestId('alert-submit').click();
      await expect.poll(() => page.getByTestId('alert-sheet').count()).toBe(0);

      await page.goto('/#/pages/alerts/list');
      await capture(page, lang, 'alerts', text(bundle, 'alerts.title'), 'alert-row');
    });
  }
});

import { toE164 } from '@otc/protocol/auth/phone';
import { phoneCountry } from '@otc/protocol/auth/phone-country';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { creditByOperators, existingPhoneAccount } from '../lib/accounts.ts';
import { expectNoAxeViolations } from '../lib/axe.ts';
import { usePhone } from '../lib/browser.ts';
import { logIn } from '../lib/login.ts';
import { operatorSignIn } from '../lib/operator.ts';
import { capture, openIn, text as say, strings } from '../lib/screens.ts';

const phone = usePhone();
const text = (page: Page, testId: string) => page.getByTestId(testId).first().innerText();

/**
 * A UK mobile number of this run, one libphonenumber takes as valid and as the UK's: +44 7400-7409
 * is Great Britain's alone (much of +44 7700 is Jersey's, a country of its own here).
 */
function ukNumber(): string {
  for (let n = Date.now(); ; n++) {
    const number = `+44740${String(n).slice(-7)}`;
    if (toE164(number) === number && phoneCountry(number) === 'GB') return number;
  }
}

/** A German mobile number of this run (+49 151: Telekom's range, valid to libphonenumber). */
function germanNumber(): string {
  for (let n = Date.now(); ; n++) {
    const number = `+49151${String(n).slice(-8)}`;
    if (toE164(number) === number && phoneCountry(number) === 'DE') return number;
  }
}

describe('rules by country', () => {
  it("a user with a UK number finds seconds contracts off and a BTC perpetual capped at 2x; operators see the UK's profile", async () => {
    const user = await existingPhoneAccount(ukNumber());
    await creditByOperators(user.userId, 'USDT', '500');
    for (const lang of ['en', 'de']) {
      const page = await openIn(phone, lang);
      await logIn(page, user.phone, user.password);
      await page.goto('/#/pages/index/Options?symbol=BTC/USDT');
      const heading = say(strings(lang), 'seconds.trade.title');
      await expect
        .poll(() => text(page, 'seconds-refused'), { timeout: 30_000 })
        .toMatch(lang === 'de' ? /in Ihrem Land nicht angeboten/ : /not offered in your country/);
      await capture(page, lang, 'seconds-country-off', heading, 'seconds-refused');
      // Settings say why: the country, read from the phone, and what it changes.
      await page.goto('/#/pages/assets/shezhi');
      const bundle = strings(lang);
      await capture(
        page,
        lang,
        'settings-country-rules',
        say(bundle, 'jurisdiction.title'),
        'country-rules-list',
      );
      expect(await text(page, 'country-rules-country')).toContain(
        new Intl.DisplayNames([lang], { type: 'region' }).of('GB') as string,
      );
      const rules = await text(page, 'country-rules-list');
      expect(rules).toContain(say(bundle, 'jurisdiction.secondsOff'));
      expect(rules).toContain(say(bundle, 'jurisdiction.bonusesOff'));
      expect(rules).toContain(
        say(bundle, 'jurisdiction.cap')
          .replace('{{what}}', say(bundle, 'jurisdiction.classes.crypto'))
          .replace('{{cap}}', '2'),
      );
      // The futures ticket says whose cap 2x is.
      await page.goto('/#/pages/index/Futures?symbol=BTC-PERP');
      const countryRule = say(bundle, 'positions.ticket.countryRule');
      await capture(page, lang, 'futures-country-cap', countryRule, 'leverage-cap');
      expect(await text(page, 'leverage-cap')).toBe(
        `${say(bundle, 'positions.ticket.leverageCap').replace('{{max}}', '2')} · ${countryRule}`,
      );
      // ESMA's close-out (decision 0150): at 2x the estimate is where equity is half the initial
      // margin, (notional - margin) / (lots x (1 - 0.5 / 2)), not the brackets' 0.4%.
      await page.fill('input[name=lots]', '0.01');
      await expect.poll(() => page.getByTestId('ticket-liquidation').getAttribute('data-value')).not.toBe('');
      const figure = async (id: string) => Number(await page.getByTestId(id).getAttribute('data-value'));
      const [notional, margin] = [await figure('ticket-notional'), await figure('ticket-margin')];
      const liq = await figure('ticket-liquidation');
      expect(margin).toBeCloseTo(notional / 2, 6);
      expect(liq / ((notional - margin) / (0.01 * 0.75))).toBeCloseTo(1, 6);
      // The brackets alone would say (notional - margin) / (lots x 0.996): a third lower.
      expect(liq / ((notional - margin) / (0.01 * 0.996))).toBeCloseTo(0.996 / 0.75, 6);
      expect(await text(page, 'negative-balance-protection')).toBe(
        say(bundle, 'positions.riskWarning.protection'),
      );
      await capture(page, lang, 'futures-close-out', countryRule, 'ticket-liquidation');
      // The perpetual's rules card says it, and whose rule it is.
      await page.goto('/#/pages/futures/heyueDetail?symbol=BTC-PERP');
      await capture(
        page,
        lang,
        'perp-detail-close-out',
        say(bundle, 'perp.detail.closeOut'),
        'rules-close-out',
      );
      const closeOut = await text(page, 'rules-close-out');
      expect(closeOut).toMatch(/50\s?%/);
      expect(closeOut).toContain(countryRule);
      await page.close();
    }

    // The ticket's leverage stops at ESMA's 2x for crypto (the instrument offers 100x).
    const page = await phone.newPage();
    await logIn(page, user.phone, user.password);
    await page.goto('/#/pages/index/Futures?symbol=BTC-PERP');
    await expect.poll(() => page.getByTestId('leverage').getAttribute('max'), { timeout: 30_000 }).toBe('2');
    expect(await text(page, 'leverage-value')).toBe('2x');
    expect(await page.getByTestId('leverage-20').count()).toBe(0);
    await expectNoAxeViolations(page, { where: 'futures ticket, leverage capped by country' });

    const ops = await phone.newPage();
    await operatorSignIn(ops);
    await ops.goto('/admin/#/jurisdictions');
    const gb = ops.getByTestId('jurisdiction-GB');
    await expect
      .poll(() => gb.getByTestId('jurisdiction-caps').innerText(), { timeout: 30_000 })
      .toContain('Crypto 2x');
    expect(await gb.getByTestId('jurisdiction-seconds-state').innerText()).toBe('Off');
    expect(await gb.getByTestId('jurisdiction-close-out').innerText()).toBe('At 0.5 of the initial margin');
    await expectNoAxeViolations(ops, { where: 'back office, rules by country' });
  });

  it('an EU user (a German number, in German) finds seconds contracts off and a stock CFD capped at 5x by the country', async () => {
    const user = await existingPhoneAccount(germanNumber());
    const lang = 'de';
    const bundle = strings(lang);
    const page = await openIn(phone, lang);
    await logIn(page, user.phone, user.password);
    await page.goto('/#/pages/index/Options?symbol=BTC/USDT');
    await expect
      .poll(() => text(page, 'seconds-refused'), { timeout: 30_000 })
      .toMatch(/in Ihrem Land nicht angeboten/);
    await page.goto('/#/pages/assets/shezhi');
    await capture(
      page,
      lang,
      'settings-country-rules-eu',
      say(bundle, 'jurisdiction.title'),
      'country-rules-list',
    );
    expect(await text(page, 'country-rules-country')).toContain(
      new Intl.DisplayNames([lang], { type: 'region' }).of('DE') as string,
    );
    expect(await text(page, 'country-rules-list')).toContain(
      say(bundle, 'jurisdiction.cap')
        .replace('{{what}}', say(bundle, 'jurisdiction.classes.stock'))
        .replace('{{cap}}', '5'),
    );
    // A stock CFD's ticket stops at ESMA's 5x for single stocks.
    await page.goto('/#/pages/option/stocksDetail?symbol=AAPL');
    await expect.poll(() => page.getByTestId('leverage').getAttribute('max'), { timeout: 30_000 }).toBe('5');
    expect(await page.getByTestId('leverage-10').count()).toBe(0);
    await capture(page, lang, 'stock-country-cap', 'AAPL', 'leverage');
    await page.close();
  });
});

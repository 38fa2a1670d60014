import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../lib/axe.ts';
import { usePhone } from '../lib/browser.ts';
import { logIn } from '../lib/login.ts';
import { capture, openIn, text as say, strings } from '../lib/screens.ts';
import { verifiedAccount } from '../lib/verified.ts';

const phone = usePhone();

describe('the location pages', () => {
  it('a verified user fills the advanced form’s home address by choosing a country and a city, in their language', async () => {
    const user = await verifiedAccount('location');
    const country: Record<string, string> = { en: 'Germany', de: 'Deutschland' };
    for (const lang of ['en', 'de']) {
      const page = await openIn(phone, lang);
      await logIn(page, user.email, user.password);
      await page.goto('/#/pages/assets/auth');
      await page.getByTestId('kyc-advanced-start').click();
      // What was typed before leaving is still there on the way back.
      await page.fill('input[name=contact]', '+49 30 1234567');
      await page.fill('input[name=homeAddress]', 'Lindenstraße 5');
      await page.getByTestId('choose-location-homeAddress').click();
      await expect.poll(() => page.evaluate(() => location.hash)).toContain('/choose-location');

      // The country found by its name in the reader's language; region and city typed.
      await page.fill('input[name=countrySearch]', country[lang]?.slice(0, 5) as string);
      const options = page.locator('select[name=country] option');
      await expect.poll(() => options.count()).toBe(2); // "Choose a country" and the one found
      await page.getByTestId('location-use').click();
      expect(await page.locator('select[name=country]').getAttribute('aria-invalid')).toBe('true');
      await page.selectOption('select[name=country]', 'DE');
      await page.fill('input[name=region]', 'Brandenburg');
      await page.fill('input[name=city]', 'Potsdam');
      const line = `Potsdam, Brandenburg, ${country[lang]}`;
      expect(await page.getByTestId('location-line').innerText()).toBe(line);
      await capture(
        page,
        lang,
        'choose-location',
        say(strings(lang), 'location.choose.title'),
        'location-line',
      );
      await expectNoAxeViolations(page, { where: `choose location (${lang})` });
      await page.getByTestId('location-use').click();

      // Back in the advanced form, open again, the place after the street, the rest as it was.
      await expect.poll(() => page.evaluate(() => location.hash)).toContain('/pages/assets/auth');
      await expect.poll(() => page.inputValue('input[name=homeAddress]')).toBe(`Lindenstraße 5, ${line}`);
      expect(await page.inputValue('input[name=contact]')).toBe('+49 30 1234567');
      expect(await page.inputValue('input[name=workAddress]')).toBe('');
      await page.close();
    }
  }, 180_000);

  it('shows an address with a button that opens the phone’s maps app, and no map from elsewhere', async () => {
    for (const lang of ['en', 'de']) {
      const page = await openIn(phone, lang);
      const outside: string[] = [];
      page.on('request', (r) => {
        if (!r.url().startsWith(phone.baseUrl) && !r.url().startsWith('data:')) outside.push(r.url());
      });
      await page.goto(`/#/open-location?${new URLSearchParams({ address: 'Lindenstraße 5, Potsdam' })}`);
      await expect
        .poll(() => page.getByTestId('location-address').innerText())
        .toBe('Lindenstraße 5, Potsdam');
      expect(await page.getByTestId('location-maps').getAttribute('href')).toBe(
        'geo:0,0?q=Lindenstra%C3%9Fe%205%2C%20Potsdam',
      );
      await capture(page, lang, 'open-location', say(strings(lang), 'location.open.maps'), 'location-maps');
      await expectNoAxeViolations(page, { where: `open location (${lang})` });
      expect(outside).toEqual([]);
      await page.close();
    }
  });
});

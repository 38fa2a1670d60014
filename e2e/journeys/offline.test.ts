import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../lib/axe.ts';
import { usePhone } from '../lib/browser.ts';
import { capture, openIn, strings, text } from '../lib/screens.ts';

const phone = usePhone();

/** A PNG's width and height, from its IHDR chunk. */
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

describe('installable and offline (issue 31)', () => {
  it('has a web app manifest whose icons are there at the sizes it names', async () => {
    const res = await fetch(`${phone.baseUrl}/manifest.webmanifest`);
    expect(res.status).toBe(200);
    const manifest = (await res.json()) as {
      name: string;
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({ name: 'OTC Markets', start_url: '/', display: 'standalone' });
    expect(manifest.icons.map((i) => i.purpose).sort()).toEqual(['any', 'any', 'maskable']);
    for (const icon of manifest.icons) {
      const png = Buffer.from(await (await fetch(`${phone.baseUrl}${icon.src}`)).arrayBuffer());
      const [w, h] = icon.sizes.split('x').map(Number);
      expect(pngSize(png), icon.src).toEqual({ width: w, height: h });
    }
  });

  it('shows the offline page in the app language when a reload finds no network, and the app once back', async () => {
    for (const lang of ['en', 'de']) {
      const page = await openIn(phone, lang);
      await page.goto('/');
      await page.getByTestId('home-shortcuts').waitFor();
      // The worker installed and in control of the page.
      await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
      await page.context().setOffline(true);
      await page.reload();
      const title = text(strings(lang), 'offline.title');
      await capture(page, lang, 'offline', title, 'offline-retry');
      expect(await page.getByTestId('offline-retry').innerText()).toBe(text(strings(lang), 'offline.retry'));
      await expectNoAxeViolations(page, { where: `offline page (${lang})` });
      // Back online: the button opens the app again.
      await page.context().setOffline(false);
      await page.getByTestId('offline-retry').click();
      await page.getByTestId('home-shortcuts').waitFor();
      await page.close();
    }
  });
});

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../lib/axe.ts';
import { usePhone } from '../lib/browser.ts';

/**
 * Decision 0159: the app follows the system's light or dark, the device can choose one in
 * Settings, the choice outlasts a reload (set before the first paint), and the chart follows live.
 */
const phone = usePhone();

/** app.css's --bg in each theme, as the browser paints the page behind everything. */
const PAGE = { light: 'rgb(245, 246, 248)', dark: 'rgb(11, 14, 17)' };
/** app.css's --card, the chart's background. */
const CARD = { light: '255,255,255', dark: '24,26,32' };

const pageColour = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const mark = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme ?? 'none');

describe('light and dark', () => {
  it("follows the system, and the device's choice in Settings over it, across reloads", async () => {
    const page = await phone.newPage();
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/#/pages/login/login');
    await page.getByTestId('demo-login').click();
    await expect.poll(() => page.evaluate(() => location.hash)).not.toContain('login');
    expect(await pageColour(page)).toBe(PAGE.light);
    // The phone turns dark (at sunset, say) while the app is open: the app turns with it.
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => pageColour(page)).toBe(PAGE.dark);

    await page.getByTestId('tab-assets').click();
    await page.getByTestId('settings-link').click();
    await expect.poll(() => page.getByTestId('theme-system').locator('input').isChecked()).toBe(true);

    // Light, on a dark phone: at once, and after a reload on another page, marked before the app runs.
    await page.getByTestId('theme-light').click();
    await expect.poll(() => pageColour(page)).toBe(PAGE.light);
    await expectNoAxeViolations(page, { where: 'settings' });
    await page.goto('/#/');
    await page.reload({ waitUntil: 'commit' });
    await page.waitForSelector('html[data-theme="light"]', { state: 'attached' });
    await expect.poll(() => pageColour(page)).toBe(PAGE.light);

    // Dark, on a light phone; and it stays when the phone changes.
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/#/pages/assets/shezhi');
    await expect.poll(() => page.getByTestId('theme-light').locator('input').isChecked()).toBe(true);
    await page.getByTestId('theme-dark').click();
    await expect.poll(() => pageColour(page)).toBe(PAGE.dark);
    await page.reload();
    await expect.poll(() => pageColour(page)).toBe(PAGE.dark);
    await expect.poll(() => page.getByTestId('theme-dark').locator('input').isChecked()).toBe(true);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.emulateMedia({ colorScheme: 'light' });
    expect(await pageColour(page)).toBe(PAGE.dark);

    // Back to the system's: the mark goes, the page follows the phone again, and a reload agrees.
    await page.getByTestId('theme-system').click();
    await expect.poll(() => pageColour(page)).toBe(PAGE.light);
    expect(await mark(page)).toBe('none');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => pageColour(page)).toBe(PAGE.dark);
    await page.reload();
    await expect.poll(() => pageColour(page)).toBe(PAGE.dark);
    expect(await mark(page)).toBe('none');
  });

  it('recolours an open chart when the theme changes', async () => {
    const page = await phone.newPage();
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/#/pages/futures/heyueDetail?symbol=BTC-PERP');
    const chart = page.locator('[data-testid=chart] .chart-root');
    await expect.poll(() => chart.getAttribute('data-bars'), { timeout: 20_000 }).toMatch(/^\d+$/);
    // The canvas itself, a pixel near the pane's corner: its background as drawn.
    const background = () =>
      page.evaluate(() => {
        const canvas = document.querySelector<HTMLCanvasElement>('[data-testid=chart] canvas');
        const pixel = canvas?.getContext('2d')?.getImageData(3, 3, 1, 1).data;
        return pixel ? [...pixel.slice(0, 3)].join(',') : '';
      });
    await expect.poll(background).toBe(CARD.light);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(background).toBe(CARD.dark);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(background).toBe(CARD.light);
  });
});

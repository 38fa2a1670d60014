import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../lib/axe.ts';
import { usePhone } from '../lib/browser.ts';
import { capture, openIn } from '../lib/screens.ts';

const phone = usePhone();

/**
 * Chart indicators (decision 0162): none on at first, so the chart first paints as before; MA on
 * the candles and RSI in a pane of its own once turned on; the choice kept on the device. The
 * canvas cannot be read: the chart says in data attributes which indicators it draws and how
 * many panes and series the charting library holds.
 */
describe('chart indicators', () => {
  for (const lang of ['en', 'de']) {
    it(`${lang}: MA and RSI turned on draw their series and stay on after a reload`, async () => {
      const page = await openIn(phone, lang);
      await page.goto('/#/pages/futures/heyueDetail?symbol=BTC-PERP');
      const chart = page.locator('[data-testid=chart] .chart-root');
      await expect.poll(() => chart.getAttribute('data-bars'), { timeout: 20_000 }).toMatch(/^\d{3,}$/);
      // Candles and volume, on one pane.
      expect(await chart.getAttribute('data-indicators')).toBe('');
      expect(await chart.getAttribute('data-series')).toBe('2');
      expect(await chart.getAttribute('data-panes')).toBe('1');

      await page.getByTestId('indicator-ma').click();
      await page.getByTestId('indicator-rsi').click();
      const drawsMaAndRsi = async () => {
        await expect.poll(() => chart.getAttribute('data-indicators')).toBe('ma rsi');
        // MA's line on the candles' pane, RSI's line on a second pane.
        await expect.poll(() => chart.getAttribute('data-series')).toBe('4');
        expect(await chart.getAttribute('data-panes')).toBe('2');
        expect(await page.getByTestId('indicator-ma').getAttribute('aria-pressed')).toBe('true');
        expect(await page.getByTestId('indicator-ema').getAttribute('aria-pressed')).toBe('false');
      };
      await drawsMaAndRsi();

      await page.reload();
      await expect.poll(() => chart.getAttribute('data-bars'), { timeout: 20_000 }).toMatch(/^\d{3,}$/);
      await drawsMaAndRsi();
      // The RSI pane adds its height below the candles rather than taking theirs.
      const box = await page.getByTestId('chart').boundingBox();
      expect(box?.height).toBeGreaterThan(250);
      await capture(page, lang, 'chart-indicators', 'BTC', 'indicator-rsi');
      await expectNoAxeViolations(page, { where: 'chart indicators' });

      // Turned off again, the chart is back to candles and volume.
      await page.getByTestId('indicator-ma').click();
      await page.getByTestId('indicator-rsi').click();
      await expect.poll(() => chart.getAttribute('data-series')).toBe('2');
      expect(await chart.getAttribute('data-panes')).toBe('1');
    });
  }

  it('all five on a dark phone: three on the candles, MACD and RSI on two panes below', async () => {
    const page = await openIn(phone, 'en');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/#/pages/futures/heyueDetail?symbol=BTC-PERP');
    const chart = page.locator('[data-testid=chart] .chart-root');
    await expect.poll(() => chart.getAttribute('data-bars'), { timeout: 20_000 }).toMatch(/^\d{3,}$/);
    for (const id of ['rsi', 'boll', 'macd', 'ema', 'ma']) await page.getByTestId(`indicator-${id}`).click();
    // Kept in one order whatever the clicks' order: MACD's pane above RSI's.
    await expect.poll(() => chart.getAttribute('data-indicators')).toBe('ma ema boll macd rsi');
    // Candles and volume, MA, EMA, Bollinger's three lines, MACD's histogram and two lines, RSI.
    await expect.poll(() => chart.getAttribute('data-series')).toBe('11');
    expect(await chart.getAttribute('data-panes')).toBe('3');
    await capture(page, 'en', 'dark-chart-indicators', 'BTC', 'indicator-macd');
    await expectNoAxeViolations(page, { where: 'chart indicators, dark' });
  });
});

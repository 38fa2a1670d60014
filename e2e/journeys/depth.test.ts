import { formatUnits, parseUnits } from '@otc/core/money/decimal';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../lib/axe.ts';
import { SHARP, usePhone } from '../lib/browser.ts';
import { capture, openIn, strings, text } from '../lib/screens.ts';
import { demoOnTradeTab } from '../lib/trade.ts';

const phone = usePhone();
const sharp = usePhone({ scale: SHARP });

type Level = [string, string];

/** What the chart should show for the demo BTC/USDT book, worked out here from the server's own answer. */
async function expectedFromServer(page: Page) {
  const book = await page.evaluate(async () => {
    const res = await fetch('/api/spot/depth', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ symbol: 'BTC/USDT', levels: 20, realm: 'demo' }),
    });
    return ((await res.json()) as { data: { bids: Level[]; asks: Level[] } }).data;
  });
  const side = (levels: Level[], best: (a: bigint, b: bigint) => boolean) => {
    const prices = levels.map(([p]) => parseUnits(p));
    const top = prices.reduce((a, b) => (best(b, a) ? b : a));
    const total = levels.reduce((sum, [, q]) => sum + parseUnits(q), 0n);
    return { points: String(new Set(prices).size), best: formatUnits(top), total: formatUnits(total) };
  };
  const bids = side(book.bids, (a, b) => a > b);
  const asks = side(book.asks, (a, b) => a < b);
  const mid = formatUnits((parseUnits(bids.best) + parseUnits(asks.best)) / 2n);
  return { bids, asks, mid };
}

async function shown(page: Page) {
  const svg = page.getByTestId('depth-svg');
  const attr = async (name: string) => (await svg.getAttribute(name)) ?? '';
  return {
    bids: {
      points: await attr('data-bid-points'),
      best: await attr('data-best-bid'),
      total: await attr('data-bid-total'),
    },
    asks: {
      points: await attr('data-ask-points'),
      best: await attr('data-best-ask'),
      total: await attr('data-ask-total'),
    },
    mid: await attr('data-mid'),
  };
}

describe('depth chart beside the book', () => {
  it('Depth draws both sides of the live book (as the server has it), a tap reads a point, Book comes back', async () => {
    const page = await phone.newPage();
    await demoOnTradeTab(page);
    expect(await page.getByTestId('book-view-book').getAttribute('aria-selected')).toBe('true');

    await page.getByTestId('book-view-depth').click();
    expect(await page.getByTestId('book-view-depth').getAttribute('aria-selected')).toBe('true');
    await page.getByTestId('depth-svg').waitFor({ state: 'visible' });
    expect(await page.getByTestId('book-level').count()).toBe(0);
    // The market maker requotes as its index moves: the screen (paced at 200 ms) and a fresh read
    // of the book agree once it holds still for a moment. Points, best prices and the sides' whole
    // sizes (added exactly by the chart) all match what the server holds.
    await expect
      .poll(
        async () => JSON.stringify(await shown(page)) === JSON.stringify(await expectedFromServer(page)),
        {
          timeout: 20_000,
        },
      )
      .toBe(true);
    const now = await shown(page);
    expect(Number(now.bids.points)).toBeGreaterThan(1);
    expect(Number(now.asks.points)).toBeGreaterThan(1);
    expect(parseUnits(now.bids.best) < parseUnits(now.asks.best)).toBe(true);
    expect(await page.getByTestId('depth-bids').getAttribute('d')).toMatch(/^M.+Z$/);
    expect(await page.getByTestId('depth-asks').getAttribute('d')).toMatch(/^M.+Z$/);
    await expectNoAxeViolations(page, { where: 'spot trading, depth chart' });

    // A tap near an edge reads the deepest point of that side: bids on the left, asks on the right.
    const box = await page.getByTestId('depth-svg').boundingBox();
    if (!box) throw new Error('the chart has no box');
    const readout = page.getByTestId('depth-readout');
    await page.mouse.click(box.x + 2, box.y + box.height / 2);
    await expect.poll(() => readout.getAttribute('data-side')).toBe('bids');
    expect(parseUnits((await readout.getAttribute('data-total')) ?? '0') > 0n).toBe(true);
    expect(await readout.innerText()).toMatch(/\d/);
    await page.mouse.click(box.x + box.width - 2, box.y + box.height / 2);
    await expect.poll(() => readout.getAttribute('data-side')).toBe('asks');

    await page.getByTestId('book-view-book').click();
    await expect
      .poll(() => page.getByTestId('book-bids').getByTestId('book-level').count())
      .toBeGreaterThan(0);
    expect(await page.getByTestId('depth-chart').count()).toBe(0);
  });
});

describe('screenshots of the depth chart', () => {
  for (const lang of ['en', 'de']) {
    it(`${lang}: the trade screen with Depth open fits the phone in words`, async () => {
      const bundle = strings(lang);
      const page = await openIn(sharp, lang);
      await page.goto('/#/pages/login/login');
      await page.getByTestId('demo-login').click();
      await expect.poll(() => page.evaluate(() => location.hash)).not.toContain('login');
      await page.goto('/#/pages/index/buy');
      await page.getByTestId('book-view-depth').click();
      await expect
        .poll(async () => Number(await page.getByTestId('depth-svg').getAttribute('data-ask-points')))
        .toBeGreaterThan(0);
      await page.mouse.click(
        ...(await page
          .getByTestId('depth-svg')
          .boundingBox()
          .then((b) => [(b?.x ?? 0) + (b?.width ?? 0) * 0.3, (b?.y ?? 0) + 100] as const)),
      );
      await capture(page, lang, 'spot-depth', text(bundle, 'spot.depth.tab'), 'depth-svg');
    });
  }
});

import { formatUnits, parseUnits, roundUnits } from '@otc/core/money/decimal';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { usePhone } from '../lib/browser.ts';

const phone = usePhone();
const text = (page: Page, testId: string) => page.getByTestId(testId).first().innerText();
/** A journal code as the server writes it ('spot.freeze', 'demo.grant'): never shown to a person. */
const RAW_CODE = /\b(spot|transfer|demo|admin|maker)\.[a-z]+/;

async function tryDemo(page: Page) {
  await page.goto('/#/pages/login/login');
  await page.getByTestId('demo-login').click();
  await expect.poll(() => page.getByTestId('demo-badge').isVisible()).toBe(true);
}

async function userId(page: Page): Promise<string> {
  await page.getByTestId('tab-assets').click();
  await expect.poll(() => text(page, 'user-id')).toMatch(/^\d{8,}$/);
  return text(page, 'user-id');
}

/** A limit buy of BTC far under the market: it rests, holding USDT frozen. */
async function restingBuy(page: Page) {
  await page.getByTestId('tab-trade').click();
  await expect.poll(() => text(page, 'last-price'), { timeout: 20_000 }).toMatch(/\d/);
  const last = parseUnits((await text(page, 'last-price')).replace(/[^\d.]/g, ''));
  await page.getByTestId('side-buy').click();
  await page.getByTestId('type-limit').click();
  const price = formatUnits(roundUnits((last * 8n) / 10n, 2));
  await page.fill('input[name=price]', price);
  await page.fill('input[name=qty]', '0.0013');
  // What was typed is what is sent: a ticket that re-created itself (losing the typed price to the
  // last price) would fail here, by name, rather than as a confirmation that never came.
  expect(await page.inputValue('input[name=price]'), `typed at last ${formatUnits(last)}`).toBe(price);
  expect(await page.inputValue('input[name=qty]')).toBe('0.0013');
  await page.getByTestId('place-order').click();
  await page.getByTestId('dialog-ok').click();
  await expect.poll(() => text(page, 'toast')).toContain('Order placed');
}

/** The trade form's "Available: … USDT" under the quantity. */
async function tradeAvailable(page: Page): Promise<string> {
  const hint = await page.locator('input[name=qty]').getAttribute('aria-describedby');
  return page.locator(`[id="${hint}"]`).innerText();
}

async function setLanguage(page: Page, lang: string) {
  await page.evaluate(
    (v) => localStorage.setItem('lang', JSON.stringify({ v, e: Date.now() + 86_400_000 })),
    lang,
  );
  await page.reload();
}

describe('money screens', () => {
  it('balance history names an order in words, in English and in German, and the trade screen and Assets read the same balance alike', async () => {
    const page = await phone.newPage();
    await tryDemo(page);
    await restingBuy(page);
    await page.getByTestId('side-buy').click();
    await expect.poll(() => tradeAvailable(page)).toMatch(/Available: [\d,]+\.\d{1,2} USDT/);
    const onTradeScreen = (await tradeAvailable(page)).match(/[\d,.]+/)?.[0];

    await page.goto('/#/pages/index/Assets');
    await expect.poll(() => text(page, 'balance-available-USDT')).toBe(onTradeScreen);

    // No asset in the URL: the first one held, and the URL says which.
    await page.goto('/#/pages/assets/zhanghuDetail');
    await expect.poll(() => page.getByTestId('detail-asset').inputValue()).toBe('USDT');
    await expect.poll(() => page.evaluate(() => location.hash)).toContain('asset=USDT');
    await expect.poll(() => text(page, 'detail-available')).toBe(onTradeScreen);
    await expect.poll(() => page.getByTestId('record-row').count()).toBe(2);
    const titles = () => page.getByTestId('record-kind').allInnerTexts();
    await expect.poll(titles).toEqual(['Buy BTC/USDT', 'Demo funds']);
    await page.getByTestId('record-kind').first().click();
    await expect
      .poll(() => page.getByTestId('record-line').allInnerTexts())
      .toEqual([expect.stringContaining('Order frozen'), expect.stringContaining('Order frozen')]);
    expect(await page.locator('.list').innerText()).not.toMatch(RAW_CODE);

    await setLanguage(page, 'de');
    await expect.poll(titles).toEqual(['Kauf BTC/USDT', 'Demo-Guthaben']);
    await page.getByTestId('record-kind').first().click();
    await expect
      .poll(() => page.getByTestId('record-line').first().innerText())
      .toContain('Order eingefroren');
    expect(await page.locator('.list').innerText()).not.toMatch(RAW_CODE);

    // The account picker moves to the contract account, which a demo user finds with its 10,000 play USDT (issue 24).
    await page.selectOption('[data-testid=detail-account]', 'contract');
    await expect.poll(() => page.evaluate(() => location.hash)).toContain('account=contract');
    await expect.poll(() => text(page, 'detail-available')).toBe('10.000,00');
  });

  it("balance history shows a fill's fee as its own line under the order", async () => {
    const page = await phone.newPage();
    await tryDemo(page);
    await page.getByTestId('tab-trade').click();
    await expect.poll(() => text(page, 'last-price'), { timeout: 20_000 }).toMatch(/\d/);
    await page.getByTestId('side-buy').click();
    // The price box starts at the last price with the tick's two decimals ('67519.50'), ungrouped.
    await page.getByTestId('type-limit').click();
    await expect.poll(() => page.inputValue('input[name=price]')).toMatch(/^\d+\.\d{2}$/);
    await page.getByTestId('type-market').click();
    await page.fill('input[name=qty]', '0.001');
    await page.getByTestId('place-order').click();
    await expect.poll(() => text(page, 'toast')).toContain('Order placed');

    await page.goto('/#/pages/assets/zhanghuDetail?account=funding&asset=USDT');
    await expect.poll(() => text(page, 'record-kind')).toBe('Buy BTC/USDT');
    await page.getByTestId('record-kind').first().click();
    const lines = () => page.getByTestId('record-line').allInnerTexts();
    await expect.poll(lines).toContainEqual(expect.stringContaining('Order filled'));
    // The fee follows its fill, a charge of its own.
    const shown = await lines();
    const filled = shown.findIndex((l) => l.includes('Order filled'));
    expect(shown[filled + 1]).toMatch(/^Fee/);
    expect(shown[filled + 1]).toMatch(/-0\.\d+/);
  });

  it('Assets hides zero balances until the switch shows them, and the phone remembers the choice', async () => {
    const page = await phone.newPage();
    await tryDemo(page);
    await page.getByTestId('tab-assets').click();
    // A new demo user holds only its USDT grant: ETH's zero is hidden, the switch on.
    await expect.poll(() => page.getByTestId('balance-row-USDT').count()).toBe(1);
    expect(await page.getByTestId('balance-row-ETH').count()).toBe(0);
    expect(await page.getByTestId('hide-zero').isChecked()).toBe(true);

    await page.getByTestId('hide-zero').click();
    await expect.poll(() => page.getByTestId('balance-row-ETH').count()).toBe(1);
    expect(await text(page, 'balance-total-ETH')).toBe('0');
    await page.reload();
    await expect.poll(() => page.getByTestId('balance-row-USDT').count()).toBe(1);
    expect(await page.getByTestId('hide-zero').isChecked()).toBe(false);
    expect(await page.getByTestId('balance-row-ETH').count()).toBe(1);

    await page.getByTestId('hide-zero').click();
    await expect.poll(() => page.getByTestId('balance-row-ETH').count()).toBe(0);
    expect(await page.getByTestId('balance-row-USDT').count()).toBe(1);
  });

  it('"Try demo" again on the same phone comes back to the same demo user, its order and its balance', async () => {
    const page = await phone.newPage();
    await tryDemo(page);
    await restingBuy(page);
    const id = await userId(page);
    const usdt = await text(page, 'balance-available-USDT');

    await page.getByTestId('settings-link').click();
    await page.getByTestId('logout').click();
    await page.getByTestId('dialog-ok').click();
    await expect.poll(() => page.getByTestId('demo-badge').isVisible()).toBe(false);

    await tryDemo(page);
    expect(await userId(page)).toBe(id);
    await expect.poll(() => text(page, 'balance-available-USDT')).toBe(usdt);
    await page.getByTestId('tab-trade').click();
    await page.getByTestId('orders-tab-open').click();
    await expect.poll(() => page.getByTestId('order-row').count()).toBe(1);

    // Another phone has no key: its own, new demo user.
    const other = await phone.newPage();
    await tryDemo(other);
    expect(await userId(other)).not.toBe(id);
  });
});

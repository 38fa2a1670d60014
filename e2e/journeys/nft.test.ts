import type { AdminNftCollection } from '@otc/protocol/nft/schemas';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { E2E_ADMIN } from '../global-setup.ts';
import { creditByOperators, existingAccount } from '../lib/accounts.ts';
import { expectNoAxeViolations } from '../lib/axe.ts';
import { usePhone } from '../lib/browser.ts';
import { logIn } from '../lib/login.ts';
import { solidPng } from '../lib/png.ts';
import { capture, openIn, text as say, strings } from '../lib/screens.ts';
import { ledgerProblems } from '../lib/verified.ts';

const phone = usePhone();
const text = (page: Page, testId: string) => page.getByTestId(testId).first().innerText();

async function post<T>(path: string, body: unknown, token: string): Promise<T> {
  const res = await fetch(inject('baseUrl') + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const envelope = (await res.json()) as { code: number; msg: string; data: T };
  if (envelope.code !== 200) throw new Error(`${path}: ${envelope.msg}`);
  return envelope.data;
}

/** The artwork, uploaded as the back office's form sends it (multipart, purpose `nft`). */
async function uploadArt(token: string): Promise<string> {
  const form = new FormData();
  form.append('purpose', 'nft');
  form.append(
    'file',
    new Blob([new Uint8Array(solidPng(120, 120, [18, 97, 214]))], { type: 'image/png' }),
    'art.png',
  );
  const res = await fetch(`${inject('baseUrl')}/api/admin/uploads`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const envelope = (await res.json()) as { code: number; msg: string; data: { id: string } };
  if (envelope.code !== 200) throw new Error(`upload: ${envelope.msg}`);
  return envelope.data.id;
}

describe('NFT pages', () => {
  it('an operator offers an item; a funded user buys one unit, owns it numbered, and pays its price', async () => {
    // The operator's side, through the back office's API (as the server's NFT tests do): a listed
    // collection with artwork and one item, 12.5 USDT a unit, 3 units.
    const admin = (await post<{ token: string }>('/api/admin/login', E2E_ADMIN, '')).token;
    const imageId = await uploadArt(admin);
    const tag = Date.now().toString(36);
    const collection = await post<AdminNftCollection>(
      '/api/admin/nft/collections/save',
      { name: `Harbour lights ${tag}`, description: 'Night scenes of the old port', imageId, listed: true },
      admin,
    );
    const saved = await post<AdminNftCollection>(
      '/api/admin/nft/items/save',
      {
        collectionId: collection.id,
        name: `Lighthouse ${tag}`,
        description: 'The lighthouse at dusk, from the pier.',
        imageId,
        price: '12.5',
        supply: 3,
        listed: true,
      },
      admin,
    );
    const itemId = saved.items[0]?.id as string;

    // A live user with 100 USDT in funding, credited by two operators.
    const user = await existingAccount('nft');
    await creditByOperators(user.userId, 'USDT', '100');
    const page = await phone.newPage();
    await logIn(page, user.email, user.password);

    // Found from the earn screen, where the finance products are.
    await page.goto('/#/pages/earn/escrowOrders');
    await page.getByTestId('earn-nft-link').click();
    await expect.poll(() => text(page, 'nav-title')).toBe('NFT collections');
    expect(await text(page, 'nft-offchain')).toContain('nothing is minted or held on a blockchain');
    const card = page.getByTestId(`nft-collection-${collection.id}`);
    await expect.poll(() => card.innerText()).toContain(`Harbour lights ${tag}`);
    expect(await card.getByTestId('nft-collection-meta').innerText()).toBe('1 item · from 12.50 USDT');
    await expectNoAxeViolations(page, { where: 'NFT collections' });

    // The collection's items; then the item.
    await card.click();
    await expect.poll(() => text(page, 'nav-title')).toBe(`Harbour lights ${tag}`);
    const tile = page.getByTestId(`nft-item-${itemId}`);
    expect(await tile.getByTestId('nft-tile-price').innerText()).toBe('12.50 USDT');
    expect(await tile.getByTestId('nft-sold').innerText()).toBe('0 of 3 sold');
    await expectNoAxeViolations(page, { where: 'NFT collection' });
    await tile.click();
    await expect.poll(() => text(page, 'nav-title')).toBe(`Lighthouse ${tag}`);
    expect(await text(page, 'nft-item-description')).toBe('The lighthouse at dusk, from the pier.');
    expect(await text(page, 'nft-item-price')).toBe('12.50 USDT');
    expect(await text(page, 'nft-sold')).toBe('0 of 3 sold');
    expect(await text(page, 'nft-offchain')).toContain('records on this platform only');
    // The artwork comes from the public upload route and is drawn.
    const art = page.locator('.nft-item img.nft-image');
    await expect.poll(() => art.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(await art.getAttribute('src')).toBe(`/api/common/upload/public/${imageId}`);
    await expectNoAxeViolations(page, { where: 'NFT item' });

    // The confirm sheet: the price, the balance now and after. By hand: 100 - 12.5 = 87.5.
    await page.getByTestId('nft-buy').click();
    expect(await text(page, 'nft-buy-price')).toBe('12.50 USDT');
    await expect.poll(() => text(page, 'nft-buy-available')).toBe('100.00 USDT');
    expect(await text(page, 'nft-buy-after')).toBe('87.50 USDT');
    await expectNoAxeViolations(page, { where: 'NFT buy sheet' });
    // A live user confirms with the transaction password (the login password until changed).
    await page.getByTestId('dialog-ok').click();
    await expect.poll(() => text(page, 'tradePassword-error')).toContain('transaction password');
    await page.fill('input[name=tradePassword]', user.password);
    await page.getByTestId('dialog-ok').click();
    await expect.poll(() => text(page, 'toast')).toBe('Bought: unit No. 1');
    await expect.poll(() => text(page, 'nft-sold')).toBe('1 of 3 sold');

    // Owned, numbered, with what was paid.
    await page.getByTestId('nft-mine-link').click();
    await expect.poll(() => text(page, 'nav-title')).toBe('My NFTs');
    const unit = page.locator('[data-testid^=nft-owned-]', { hasText: `Lighthouse ${tag}` });
    await expect.poll(() => unit.getByTestId('nft-unit-serial').innerText()).toBe('No. 1 of 3');
    expect(await unit.getByTestId('nft-unit-price').innerText()).toBe('12.50 USDT');
    expect(await unit.innerText()).toContain(`Harbour lights ${tag}`);
    expect(await text(page, 'nft-offchain')).toContain('cannot be moved to a wallet');
    await expectNoAxeViolations(page, { where: 'My NFTs' });

    // The funding account paid exactly the price: 87.50 left.
    await page.goto('/#/pages/index/Assets');
    await expect.poll(() => text(page, 'balance-available-USDT')).toBe('87.50');
    expect(await ledgerProblems()).toEqual([]);

    // The pages in English and German, for people to look at.
    for (const lang of ['en', 'de']) {
      const shown = await openIn(phone, lang);
      await logIn(shown, user.email, user.password);
      const s = strings(lang);
      await shown.goto('/#/pages/nft/index');
      await capture(shown, lang, 'nft-collections', say(s, 'nft.collections.title'), 'nft-collection-meta');
      await shown.goto(`/#/pages/nft/collection?id=${collection.id}`);
      await capture(shown, lang, 'nft-collection', `Harbour lights ${tag}`, 'nft-tile-price');
      await shown.goto(`/#/pages/nft/item?id=${itemId}`);
      await capture(shown, lang, 'nft-item', `Lighthouse ${tag}`, 'nft-item-price');
      await shown.getByTestId('nft-buy').click();
      await capture(shown, lang, 'nft-buy', `Lighthouse ${tag}`, 'nft-buy-after');
      await shown.goto('/#/pages/nft/mine');
      await capture(shown, lang, 'nft-mine', say(s, 'nft.mine.title'), 'nft-unit-serial');
      await shown.close();
    }
  }, 300_000);

  it('a demo user buys with play money and no transaction password', async () => {
    const admin = (await post<{ token: string }>('/api/admin/login', E2E_ADMIN, '')).token;
    const tag = Date.now().toString(36);
    const collection = await post<AdminNftCollection>(
      '/api/admin/nft/collections/save',
      { name: `Tides ${tag}`, description: '', listed: true },
      admin,
    );
    const saved = await post<AdminNftCollection>(
      '/api/admin/nft/items/save',
      {
        collectionId: collection.id,
        name: `Spring tide ${tag}`,
        description: '',
        price: '0.25',
        supply: 10,
        listed: true,
      },
      admin,
    );
    const itemId = saved.items[0]?.id as string;
    const page = await phone.newPage();
    await page.goto('/#/pages/login/login');
    await page.getByTestId('demo-login').click();
    await expect.poll(() => page.getByTestId('demo-badge').isVisible()).toBe(true);
    await page.goto(`/#/pages/nft/item?id=${itemId}`);
    await expect.poll(() => text(page, 'nft-item-price')).toBe('0.25 USDT');
    await page.getByTestId('nft-buy').click();
    // A demo account starts with 100,000 play USDT: 100,000 - 0.25 = 99,999.75 after.
    await expect.poll(() => text(page, 'nft-buy-available')).toBe('100,000.00 USDT');
    expect(await text(page, 'nft-buy-after')).toBe('99,999.75 USDT');
    expect(await page.getByTestId('trade-password').count()).toBe(0);
    await page.getByTestId('dialog-ok').click();
    await expect.poll(() => text(page, 'toast')).toBe('Bought: unit No. 1');
    // Demo sales are counted apart: the public count, the live one, stays at 0.
    expect(await text(page, 'nft-sold')).toBe('0 of 10 sold');
    await page.goto('/#/pages/nft/mine');
    const unit = page.locator('[data-testid^=nft-owned-]', { hasText: `Spring tide ${tag}` });
    await expect.poll(() => unit.getByTestId('nft-unit-serial').innerText()).toBe('No. 1 of 10');
  });
});

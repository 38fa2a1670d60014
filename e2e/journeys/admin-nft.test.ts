import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { AdminNftCatalogue } from '@otc/protocol/nft/schemas';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { existingAccount } from '../lib/accounts.ts';
import { expectNoAxeViolations } from '../lib/axe.ts';
import { usePhone } from '../lib/browser.ts';
import { DESKTOP, operatorSignIn } from '../lib/operator.ts';
import { solidPng } from '../lib/png.ts';
import { capture, openIn } from '../lib/screens.ts';

const phone = usePhone();
const screens = path.resolve(import.meta.dirname, '../artifacts/screens');
const PHONE = { width: 390, height: 844 };
const text = (page: Page, testId: string) => page.getByTestId(testId).first().innerText();

/** The catalogue as the server holds it, read with the operator's token the page keeps. */
async function catalogue(page: Page): Promise<AdminNftCatalogue> {
  const token = await page.evaluate(() => localStorage.getItem('adminToken'));
  const res = await fetch(`${inject('baseUrl')}/api/admin/nft/collections`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await res.json()) as { data: AdminNftCatalogue }).data;
}

/** The error shown under one field of a dialog. */
const errorUnder = (dialog: Locator, field: string) =>
  dialog.locator('label.field', { has: dialog.page().locator(`[name=${field}]`) }).locator('.field-error');

/** The artwork as an operator picks it from disk: a PNG the server re-encodes. */
const artwork = (rgb: [number, number, number]) => ({
  name: 'art.png',
  mimeType: 'image/png',
  buffer: solidPng(96, 96, rgb),
});

/** The back-office page at a desktop and at a phone: saved for people to look at, axe-checked. */
async function atBothSizes(page: Page, name: string, ready: string) {
  mkdirSync(screens, { recursive: true });
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.reload();
    await page.getByTestId(ready).first().waitFor({ state: 'visible' });
    await page.screenshot({ path: path.join(screens, `en-admin-${name}-${size}.png`), fullPage: true });
    await expectNoAxeViolations(page, { where: `back office ${name} (${size})` });
  }
  await page.setViewportSize(DESKTOP);
}

describe('NFT collections in the back office', () => {
  it('an operator creates a collection and an item with an image; bad input is refused under its field; a user sees it with its price', async () => {
    const page = await phone.newPage();
    await operatorSignIn(page);
    const tag = Date.now().toString(36);
    const collectionName = `Harbour ${tag}`;
    const itemName = `Lighthouse ${tag}`;

    // A collection: without a name the server asks for one, under the field, and nothing is saved.
    await page.getByTestId('nav-nft').click();
    await page.getByTestId('nft-collections-table').waitFor();
    const before = (await catalogue(page)).items.length;
    await page.getByTestId('nft-collection-create').click();
    const dialog = page.getByTestId('nft-collection-dialog');
    await page.getByTestId('nft-collection-save').click();
    await expect.poll(() => errorUnder(dialog, 'name').innerText()).toBe('Please enter the name.');
    expect((await catalogue(page)).items.length).toBe(before);
    await dialog.locator('[name=name]').fill(collectionName);
    await dialog.locator('[name=description]').fill('Night scenes of the old port');
    await dialog.getByTestId('nft-image-input').setInputFiles(artwork([18, 97, 214]));
    const preview = dialog.getByTestId('nft-image-preview');
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expectNoAxeViolations(page, { where: 'back office NFT collection dialog' });
    await page.getByTestId('nft-collection-save').click();
    await expect.poll(() => dialog.count()).toBe(0);
    const saved = (await catalogue(page)).items.find((c) => c.name === collectionName);
    expect(saved).toMatchObject({ description: 'Night scenes of the old port', listed: true, items: [] });
    const collectionId = saved?.id as string;
    expect(saved?.image).toMatch(/^\/api\/common\/upload\/public\/[0-9a-f-]{36}$/);
    const row = page.getByTestId(`nft-collection-${collectionId}`);
    await expect.poll(() => row.innerText()).toContain(collectionName);
    expect(await row.getByTestId('nft-collection-status').innerText()).toBe('Listed');
    expect(await row.getByTestId('nft-collection-sold').innerText()).toBe('0 / 0');

    // Its items: each bad value is refused by the server with its message under its field.
    await row.getByTestId('nft-collection-open').click();
    await expect.poll(() => text(page, 'nft-items-table')).toContain('No items in this collection yet.');
    await page.getByTestId('nft-item-create').click();
    const form = page.getByTestId('nft-item-dialog');
    const fill = (field: string, value: string) => form.locator(`[name=${field}]`).fill(value);
    const refused = async (field: string, message: string) => {
      await page.getByTestId('nft-item-save').click();
      await expect.poll(() => errorUnder(form, field).innerText()).toBe(message);
      expect((await catalogue(page)).items.find((c) => c.id === collectionId)?.items).toEqual([]);
    };
    await fill('price', '12.5');
    await fill('supply', '3');
    await refused('name', 'Please enter the name.');
    await fill('name', itemName);
    await fill('price', 'twelve');
    await refused('price', 'The price is not valid.');
    await fill('price', '12.5');
    await fill('supply', '0');
    await refused('supply', 'Offer at least one unit; to stop selling an item, take it off sale.');
    await fill('supply', '3');
    await fill('description', 'The lighthouse at dusk, from the pier.');
    await form.getByTestId('nft-image-input').setInputFiles(artwork([214, 140, 18]));
    await expect
      .poll(() => form.getByTestId('nft-image-preview').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await expectNoAxeViolations(page, { where: 'back office NFT item dialog' });
    await page.getByTestId('nft-item-save').click();
    await expect.poll(() => form.count()).toBe(0);
    const item = (await catalogue(page)).items.find((c) => c.id === collectionId)?.items[0];
    expect(item).toMatchObject({
      name: itemName,
      price: '12.5',
      supply: 3,
      sold: 0,
      soldDemo: 0,
      listed: true,
    });
    const itemRow = page.getByTestId(`nft-item-${item?.id}`);
    expect(await itemRow.getByTestId('nft-item-price').innerText()).toBe('12.5');
    expect(await itemRow.getByTestId('nft-item-supply').innerText()).toBe('3');
    expect(await itemRow.getByTestId('nft-item-sold').innerText()).toBe('0');
    expect(await text(page, 'nft-items-table')).not.toContain('No items');
    await atBothSizes(page, 'nft-collection', `nft-item-${item?.id}`);
    await page.getByTestId('nft-back').click();
    await atBothSizes(page, 'nft-collections', `nft-collection-${collectionId}`);

    // A user at 390 x 844 finds it in the NFT pages, with its picture and its price.
    const user = await existingAccount('nftadmin');
    // As each language writes 12.5: the operator's price, never cut, at least two places.
    const shownPrice: Record<string, string> = { en: '12.50 USDT', de: '12,50 USDT' };
    for (const lang of ['en', 'de']) {
      const shown = await openIn(phone, lang);
      await shown.goto('/#/pages/login/login');
      await shown.fill('input[name=account]', user.email);
      await shown.fill('input[name=password]', user.password);
      await shown.getByTestId('submit').click();
      await expect.poll(() => shown.evaluate(() => location.hash)).not.toContain('login');
      await shown.goto(`/#/pages/nft/collection?id=${collectionId}`);
      const tile = shown.getByTestId(`nft-item-${item?.id}`);
      await expect.poll(() => tile.getByTestId('nft-tile-price').innerText()).toBe(shownPrice[lang]);
      await capture(shown, lang, 'admin-nft-collection', collectionName, 'nft-tile-price');
      await tile.click();
      await expect.poll(() => text(shown, 'nft-item-price')).toBe(shownPrice[lang]);
      expect(await text(shown, 'nft-item-description')).toBe('The lighthouse at dusk, from the pier.');
      const art = shown.locator('.nft-item img.nft-image');
      await expect.poll(() => art.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      await capture(shown, lang, 'admin-nft-item', itemName, 'nft-item-price');
      await shown.close();
    }
  }, 300_000);
});

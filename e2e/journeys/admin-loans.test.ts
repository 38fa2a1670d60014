import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseUnits } from '@otc/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { E2E_ADMIN } from '../global-setup.ts';
import { expectNoAxeViolations } from '../lib/axe.ts';
import { usePhone } from '../lib/browser.ts';

const phone = usePhone();
const screens = path.resolve(import.meta.dirname, '../artifacts/screens');
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

async function signIn(p: Page, who: { email: string; password: string }) {
  await p.setViewportSize(DESKTOP);
  await p.goto('/admin/');
  await p.fill('input[name=email]', who.email);
  await p.fill('input[name=password]', who.password);
  await p.getByTestId('admin-login-submit').click();
  await expect.poll(() => p.getByTestId('admin-operator').innerText()).toContain(who.email);
}

/**
 * The page at a desktop and at a 390 x 844 phone: each saved for people to look at
 * (e2e/artifacts/screens/en-admin-<name>-<desktop|phone>.png), each axe-checked, and at the phone
 * nothing but the tables' own scrolling regions wider than the window.
 */
async function atBothSizes(page: Page, name: string, ready: string) {
  mkdirSync(screens, { recursive: true });
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    // As the device opens it: a phone's browser sets its scale when the page loads.
    await page.reload();
    await page.getByTestId(ready).first().waitFor({ state: 'visible' });
    await expect.poll(() => page.locator('.table-wrap.is-stale').count()).toBe(0);
    await page.screenshot({ path: path.join(screens, `en-admin-${name}-${size}.png`), fullPage: true });
    await expectNoAxeViolations(page, { where: `back office ${name} (${size})` });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `${name} at ${size}: wider than the window`).toBeLessThanOrEqual(viewport.width);
  }
  await page.setViewportSize(DESKTOP);
}

/** A figure as the page shows it (grouped, maybe negative) in exact units. */
const units = (shown: string) => parseUnits(shown.replace(/[,\s]|short/g, ''));

describe('loans and the treasury in the back office', () => {
  it('an operator reads the treasury exposure: each realm’s balance, each source, what is left, a warning when short', async () => {
    const page = await phone.newPage();
    await signIn(page, E2E_ADMIN);
    await page.getByTestId('nav-treasury').click();
    const live = page.getByTestId('treasury-live-USDT');
    const demo = page.getByTestId('treasury-demo-USDT');
    await expect.poll(() => live.count()).toBe(1);
    await expect.poll(() => demo.count()).toBe(1);
    const header = await page.getByTestId('treasury-table').locator('thead').textContent();
    for (const column of [
      'Treasury balance',
      'Earn yield',
      'Activity bonuses',
      'Total promised',
      'Left after promises',
    ])
      expect(header).toContain(column);
    expect(await page.getByTestId('treasury-window').innerText()).toMatch(
      /^Promises counted from .+ until .+\.$/,
    );

    // Every line adds up as shown, to the last decimal: the sources make the total, balance less
    // total is what is left; a line is flagged, and named in the warning, exactly when left < 0.
    let shortLines = 0;
    for (const line of [live, demo]) {
      const cell = async (id: string) => units(await line.getByTestId(id).innerText());
      const sources = line.locator('[data-testid^=treasury-owed-]');
      let sum = 0n;
      for (let i = 0; i < (await sources.count()); i++) sum += units(await sources.nth(i).innerText());
      const total = await cell('treasury-total');
      expect(sum).toBe(total);
      const left = await cell('treasury-left');
      expect(left).toBe((await cell('treasury-balance')) - total);
      const flagged = (await line.getByTestId('treasury-left').innerText()).includes('short');
      expect(flagged).toBe(left < 0n);
      if (left < 0n) shortLines += 1;
    }
    if (shortLines > 0) {
      const warning = await page.getByTestId('treasury-short').innerText();
      expect(warning).toContain('The promises exceed the treasury');
      expect(warning.match(/ short\./g)?.length).toBe(shortLines);
    } else {
      await expect.poll(() => page.getByTestId('treasury-covered').count()).toBe(1);
    }
    await atBothSizes(page, 'treasury', 'treasury-table');
  });
});

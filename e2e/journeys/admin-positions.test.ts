import { describe, expect, inject, it } from 'vitest';
import { E2E_ADMIN } from '../global-setup.ts';
import { ensureReviewer, REVIEWER } from '../lib/accounts.ts';
import { expectNoAxeViolations } from '../lib/axe.ts';
import { usePhone } from '../lib/browser.ts';
import { operatorSignIn } from '../lib/operator.ts';

const phone = usePhone();

/** A demo user with a market long on BTC-PERP (0.01 lots at 10x), opened over the API as the app does. */
async function demoWithLong(): Promise<string> {
  const post = async <T>(path: string, body: unknown, token?: string): Promise<T> => {
    const res = await fetch(inject('baseUrl') + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    const envelope = (await res.json()) as { code: number; msg: string; data: T };
    if (envelope.code !== 200) throw new Error(`${path}: ${envelope.msg}`);
    return envelope.data;
  };
  const session = await post<{ token: string; user: { id: string } }>('/api/auth/loginvirtual', {});
  await post(
    '/api/contract/order',
    {
      symbol: 'BTC-PERP',
      side: 'long',
      type: 'market',
      lots: '0.01',
      leverage: 10,
      idempotencyKey: `admin-positions-${Date.now()}`,
    },
    session.token,
  );
  return session.user.id;
}

describe('positions in the back office', () => {
  it('an admin reads the dealer’s exposure and the funds, and edits an instrument’s exposure cap', async () => {
    const page = await phone.newPage();
    await operatorSignIn(page, E2E_ADMIN);
    await page.getByTestId('nav-positions').click();
    const exposure = page.getByTestId('exposure-LTC-PERP-live');
    await expect.poll(() => exposure.innerText()).toContain('LTC-PERP');
    await expect.poll(() => page.getByTestId('fund-insurance-live').innerText()).toContain('Insurance fund');
    await expect.poll(() => page.getByTestId('positions-open-table').count()).toBe(1);
    await expectNoAxeViolations(page, { where: 'back office positions' });

    // An open position's prices by BTC-PERP's 0.01 tick, grouped, as the app shows them (they
    // read 67433.8), and its lots grouped at their own places.
    const userId = await demoWithLong();
    await page.fill('input[name=userId]', userId);
    const row = page.locator('[data-testid^=position-row-]');
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    const cell = (id: string) => row.getByTestId(id).innerText();
    expect(await cell('position-lots')).toBe('0.01');
    const tickPrice = /^\d{1,3}(,\d{3})+\.\d{2}$/;
    expect(await cell('position-entry')).toMatch(tickPrice);
    expect(await cell('position-mark')).toMatch(tickPrice);
    expect(await cell('position-liquidation')).toMatch(tickPrice);

    await page.getByTestId('nav-position-rules').click();
    await page.getByTestId('position-rules-edit-LTC-PERP').click();
    const dialog = page.getByTestId('position-rules-dialog');
    await expectNoAxeViolations(page, { where: 'back office position rules editor' });
    // A wrong bracket list is caught before anything is sent.
    await dialog.locator('textarea[name=brackets]').fill('0.01, 1000');
    await page.getByTestId('position-rules-save').click();
    await expect.poll(() => dialog.innerText()).toMatch(/notional up to, rate/);
    await dialog.locator('textarea[name=brackets]').fill('50000, 0.005\n0.01');
    await dialog.locator('input[name=exposureCap]').fill('4321');
    await page.getByTestId('position-rules-save').click();
    await expect
      .poll(() => page.locator('body').innerText())
      .toContain('The position rules of LTC-PERP have been updated.');
    // Figures by the app's rule: the cap grouped, the bracket's notional in USDT, rates as percentages.
    const rules = () => page.getByTestId('position-rules-LTC-PERP').innerText();
    await expect.poll(rules).toContain('4,321');
    await expect.poll(rules).toContain('≤ 50,000.00: 0.50%');
    await expect.poll(rules).toContain('above: 1.00%');

    // The exposure page shows the new cap, grouped as every figure there.
    await page.getByTestId('nav-positions').click();
    await expect.poll(() => exposure.innerText()).toContain('4,321');
    // The funding rate as a percentage with two places, never the raw fraction.
    await expect.poll(() => exposure.innerText()).toMatch(/-?\d\.\d{2}% at /);
  });

  it('a reviewer reads the rules but is not offered the editor', async () => {
    await ensureReviewer();
    const page = await phone.newPage();
    await operatorSignIn(page, REVIEWER);
    await page.getByTestId('nav-position-rules').click();
    await expect.poll(() => page.getByTestId('position-rules-LTC-PERP').count()).toBe(1);
    expect(await page.locator('[data-testid^=position-rules-edit-]').count()).toBe(0);
    await expect.poll(() => page.locator('body').innerText()).toContain('Only operators with the admin role');
  });
});

import type { ActivityItem, AdminActivity } from '@otc/protocol/activity/schemas';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { E2E_ADMIN } from '../global-setup.ts';
import { existingAccount } from '../lib/accounts.ts';
import { expectNoAxeViolations } from '../lib/axe.ts';
import { usePhone } from '../lib/browser.ts';
import { devChain } from '../lib/chain.ts';
import { logIn } from '../lib/login.ts';
import { capture, openIn, text as say, strings } from '../lib/screens.ts';
import { ledgerProblems } from '../lib/verified.ts';

const phone = usePhone();
const text = (page: Page, testId: string) => page.getByTestId(testId).first().innerText();

async function post<T>(path: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(inject('baseUrl') + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const envelope = (await res.json()) as { code: number; msg: string; data: T };
  if (envelope.code !== 200) throw new Error(`${path}: ${envelope.msg}`);
  return envelope.data;
}

describe('deposit-bonus activities', () => {
  it('a user books an activity, deposits the target on the chain, and sees the bonus credited', async () => {
    // An admin offers: deposit 20 USDT within 7 days, get 5.
    const admin = await post<{ token: string }>('/api/admin/login', E2E_ADMIN);
    const now = Date.now();
    const activity = await post<AdminActivity>(
      '/api/admin/activity/create',
      {
        title: `Journey ${now.toString(36)}`,
        target: '20',
        bonus: '5',
        startsAt: new Date(now - 60_000).toISOString(),
        endsAt: new Date(now + 86_400_000).toISOString(),
      },
      admin.token,
    );

    const user = await existingAccount('activity');
    const page = await phone.newPage();
    await logIn(page, user.email, user.password);
    await page.goto('/#/pages/index/activity');
    const card = page.getByTestId(`activity-${activity.id}`);
    await expect.poll(() => card.innerText()).toContain('+5.00 USDT bonus');
    expect(await card.innerText()).toContain('Deposit 20.00 USDT within 7 days of booking');
    await expectNoAxeViolations(page, { where: 'Activities, available' });
    await card.getByTestId('activity-book').click();

    // Booked: it moves to the booked tab, waiting for the whole target, with its deadline.
    await page.getByTestId('activity-tab-booked').click();
    const booked = page.getByTestId(`activity-${activity.id}`);
    await expect
      .poll(() => booked.getByTestId('activity-state').innerText())
      .toBe('Waiting for your deposits');
    expect(await booked.getByTestId('activity-remaining').innerText()).toBe('20.00 USDT');
    expect(await booked.getByTestId('activity-deadline').innerText()).not.toBe('');
    await expectNoAxeViolations(page, { where: 'Activities, booked' });
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      screen: innerWidth,
    }));
    expect(widths.page).toBeLessThanOrEqual(widths.screen);

    // The deposit, on the dev chain, to the user's address.
    await page.goto('/#/pages/assets/recharge');
    await expect
      .poll(() => text(page, 'deposit-address'), { timeout: 15_000 })
      .toMatch(/^0x[0-9a-fA-F]{40}$/);
    const address = (await text(page, 'deposit-address')) as `0x${string}`;
    const chain = devChain();
    await chain.transferUsdt(chain.deployer.key, address, '20');

    // The watcher credits it; the activities' job (every minute) pays the bonus.
    await page.goto('/#/pages/index/activity');
    await page.getByTestId('activity-tab-booked').click();
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByTestId('activity-tab-booked').click();
          return booked
            .getByTestId('activity-state')
            .innerText()
            .catch(() => '');
        },
        { timeout: 150_000, interval: 3_000 },
      )
      .toBe('Bonus credited');
    expect(await booked.getByTestId('activity-deposited').innerText()).toBe('20.00 / 20.00 USDT');
    const mine = await post<ActivityItem>('/api/activity/detail', { id: activity.id }, await userToken(user));
    expect(mine.booking).toMatchObject({ state: 'fulfilled', deposited: '20', remaining: '0' });

    // The funding account holds the deposit and the bonus.
    await page.goto('/#/pages/index/Assets');
    await expect.poll(() => text(page, 'balance-available-USDT')).toContain('25');
    expect(await ledgerProblems()).toEqual([]);

    // The booked tab with the bonus credited, for people to look at in English and German.
    for (const lang of ['en', 'de']) {
      const shown = await openIn(phone, lang);
      await logIn(shown, user.email, user.password);
      await shown.goto('/#/pages/index/activity');
      await shown.getByTestId('activity-tab-booked').click();
      await capture(
        shown,
        lang,
        'activity-booked',
        say(strings(lang), 'activity.list.title'),
        'activity-state',
      );
    }
  }, 300_000);
});

async function userToken(user: { email: string; password: string }): Promise<string> {
  return (await post<{ token: string }>('/api/auth/login', { account: user.email, password: user.password }))
    .token;
}

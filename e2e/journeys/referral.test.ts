import { randomUUID } from 'node:crypto';
import type { Position } from '@otc/protocol/positions/schemas';
import type { PromoteInfo } from '@otc/protocol/referral/schemas';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { E2E_ADMIN } from '../global-setup.ts';
import { newEmail, PASSWORD } from '../lib/accounts.ts';
import { expectNoAxeViolations } from '../lib/axe.ts';
import { usePhone } from '../lib/browser.ts';
import { type ClockServer, startClockServer } from '../lib/clock-server.ts';
import { logIn } from '../lib/login.ts';
import { capture, openIn, text as say, strings } from '../lib/screens.ts';
import { codeSentBy } from '../lib/server-log.ts';

const phone = usePhone();
const text = (page: Page, testId: string) => page.getByTestId(testId).first().innerText();
const SECOND = { email: 'second.referral@e2e.local', password: 'E2e-second-pass-1' };

/** A real user registered on `server` by email, as the app does (the code from its dev outbox). */
async function register(server: ClockServer, inviteCode?: string) {
  const email = newEmail('referral');
  const code = await codeSentBy(
    email,
    () => server.call('POST', '/api/auth/sendemail', { email, purpose: 'register' }),
    server.logFile,
  );
  const session = await server.call<{ token: string; user: { id: string } }>('POST', '/api/auth/register', {
    type: 'email',
    account: email,
    code,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    agree: true,
    ...(inviteCode ? { inviteCode } : {}),
  });
  return { email, token: session.token, userId: session.user.id };
}

/** Two operators credit `amount` USDT to the user's funding account: one asks, the other approves. */
async function credit(server: ClockServer, userId: string, amount: string) {
  const login = async (who: { email: string; password: string }) =>
    (await server.call<{ token: string }>('POST', '/api/admin/login', who)).token;
  const admin = await login(E2E_ADMIN);
  await server.call('POST', '/api/admin/operators', { ...SECOND, role: 'admin' }, admin);
  const asked = await server.call<{ id: string }>(
    'POST',
    '/api/admin/ledger/adjustments',
    { userId, account: 'funding', asset: 'USDT', amount, reason: 'e2e referral funding' },
    admin,
  );
  await server.call(
    'POST',
    '/api/admin/ledger/adjustments/decide',
    { id: asked.id, approve: true },
    await login(SECOND),
  );
}

/** USDT units (8 places) of a decimal string of at most 8 places. */
const units = (value: string) => {
  const [whole = '0', frac = ''] = value.split('.');
  return BigInt(whole) * 100_000_000n + BigInt(frac.padEnd(8, '0'));
};
const decimal = (u: bigint, places: number) => {
  const cut = u / 10n ** BigInt(8 - places);
  const s = cut.toString().padStart(places + 1, '0');
  return places === 0 ? s : `${s.slice(0, -places)}.${s.slice(-places)}`;
};

describe('referral', () => {
  it('an invited user trades; after the clock moves a day the referrer sees the rebate, the team and the record', async () => {
    // A Tuesday at noon UTC on a platform of its own: the rebate job sums a whole past day.
    const server = await startClockServer(new Date('2026-12-01T12:00:00Z'));
    try {
      const referrer = await register(server);
      const info = await server.call<PromoteInfo>('POST', '/api/common/promoteinfo', {}, referrer.token);
      expect(info.inviteCode).toMatch(/^[A-Z2-9]{8}$/);

      // The link fills the register form's invite field.
      const invited = await phone.newPage();
      await invited.goto(`${server.baseUrl}/#/pages/login/register?invite=${info.inviteCode}`, {
        timeout: 60_000,
      });
      await expect.poll(() => invited.locator('input[name=inviteCode]').inputValue()).toBe(info.inviteCode);
      await invited.close();

      // The invitee registers with the code, is funded and opens a perpetual: its opening fee is paid.
      const invitee = await register(server, info.inviteCode);
      await credit(server, invitee.userId, '1000');
      await server.call(
        'POST',
        '/api/credit/transfer',
        { from: 'funding', to: 'contract', asset: 'USDT', amount: '1000', idempotencyKey: randomUUID() },
        invitee.token,
      );
      await server.call(
        'POST',
        '/api/contract/order',
        {
          symbol: 'BTC-PERP',
          side: 'long',
          type: 'market',
          lots: '0.1',
          leverage: 10,
          idempotencyKey: randomUUID(),
        },
        invitee.token,
      );
      let fees = '0';
      await expect
        .poll(async () => {
          const open = await server.call<{ items: Position[] }>(
            'POST',
            '/api/contract/positions',
            {},
            invitee.token,
          );
          fees = open.items[0]?.fees ?? '0';
          return fees;
        })
        .not.toBe('0');
      // By hand: an ordinary referrer earns 10% of the fee, cut to 8 places.
      const rebate = units(fees) / 10n;
      expect(rebate).toBeGreaterThan(0n);

      // The next day, once the job has run (every minute): the rebate is credited.
      await server.setClock(new Date('2026-12-02T00:10:00Z'));
      await expect
        .poll(
          async () =>
            (await server.call<PromoteInfo>('POST', '/api/common/promoteinfo', {}, referrer.token))
              .totalRebate,
          { timeout: 150_000, interval: 2_000 },
        )
        .toBe(decimal(rebate, 8).replace(/\.?0+$/, ''));

      for (const lang of ['en', 'de']) {
        const page = await openIn(phone, lang);
        await logIn(page, referrer.email, PASSWORD, server.baseUrl);
        await page.goto(`${server.baseUrl}/#/pages/index/friend`);
        const bundle = strings(lang);
        await capture(page, lang, 'referral-invite', say(bundle, 'referral.invite.title'), 'referral-total');
        // USDT shows two places, cut (the app's one rule), in the reader's numbers.
        const shown = Number(decimal(rebate, 2)).toLocaleString(lang, { minimumFractionDigits: 2 });
        expect(await text(page, 'referral-count')).toBe('1');
        expect(await text(page, 'referral-today')).toContain(shown);
        expect(await text(page, 'referral-total')).toContain(shown);
        expect(await text(page, 'referral-code')).toBe(info.inviteCode);
        if (lang === 'en') await expectNoAxeViolations(page, { where: 'invite friends' });

        await page.getByTestId('referral-tab-team').click();
        // The invitee's email, masked: its first letters and its domain.
        await expect.poll(() => text(page, 'referral-member')).toContain('*');
        expect(await text(page, 'referral-member')).not.toContain(invitee.email);
        await page.getByTestId('referral-tab-records').click();
        await expect.poll(() => text(page, 'referral-record')).toContain(`+${shown}`);
        expect(await text(page, 'referral-record')).toContain('2026-12-01');
        await capture(
          page,
          lang,
          'referral-records',
          say(bundle, 'referral.invite.title'),
          'referral-record',
        );
        // The agent page: an ordinary referrer at the default 10%, and what LV1 asks for.
        await page.goto(`${server.baseUrl}/#/pages/index/agent`);
        await capture(page, lang, 'referral-agent', say(bundle, 'referral.agent.title'), 'agent-level');
        expect(await text(page, 'agent-level')).toBe(say(bundle, 'referral.agent.ordinary'));
        await page.close();
      }
      expect(await server.ledgerProblems()).toEqual([]);
    } finally {
      await server.stop();
    }
    // A platform of its own starts first (as the earn and positions journeys').
  }, 300_000);
});

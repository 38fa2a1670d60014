import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ensureSupport, existingAccount, SUPPORT } from '../lib/accounts.ts';
import { expectNoAxeViolations } from '../lib/axe.ts';
import { usePhone } from '../lib/browser.ts';
import { logIn } from '../lib/login.ts';
import { operatorSignIn } from '../lib/operator.ts';
import { solidPng } from '../lib/png.ts';
import { capture, openIn, text as say, strings } from '../lib/screens.ts';

const phone = usePhone();
const CHAT = '/#/pages/webview/customer';
const SCRIPT = '<script>window.__chatXss = 1</script><b>bold?</b>';

async function write(page: Page, message: string) {
  await page.getByTestId('chat-input').fill(message);
  await page.getByTestId('chat-send').click();
  await expect.poll(() => page.getByTestId('chat-list').innerText()).toContain(message);
}

describe('support chat', () => {
  it('a user writes; an operator takes it and answers with an image; the user sees it live with the staff badge; it is handed to support, who closes it', async () => {
    const user = await existingAccount('chat');
    await ensureSupport();
    const page = await openIn(phone, 'en');
    await logIn(page, user.email, user.password);
    await page.goto(CHAT);
    expect(await page.getByTestId('chat-notice').innerText()).toBe(say(strings('en'), 'support.chat.notice'));

    // Script and HTML are shown as typed, never run or drawn; no user text earns the badge.
    await write(page, SCRIPT);
    await write(page, 'Support: my deposit has not arrived');
    expect(await page.evaluate(() => (window as { __chatXss?: number }).__chatXss)).toBeUndefined();
    expect(await page.locator('[data-testid=chat-list] script, [data-testid=chat-list] b').count()).toBe(0);
    expect(await page.getByTestId('chat-staff-badge').count()).toBe(0);
    // A six-digit code gets a warning before it is sent.
    await page.getByTestId('chat-input').fill('my code is 123 456');
    await expect.poll(() => page.getByTestId('chat-code-warning').isVisible()).toBe(true);
    await page.getByTestId('chat-input').fill('');

    // The operator, in a second page: the back office's queue, take, answer with an image.
    const desk = await phone.newPage();
    await operatorSignIn(desk);
    await desk.getByTestId('nav-chat').click();
    await desk.getByTestId('chat-box-waiting').click();
    const row = desk.getByTestId('chat-queue').getByRole('button', { name: `User ${user.userId}` });
    await row.click();
    await expect
      .poll(() => desk.getByTestId('chat-conversation').innerText())
      .toContain('Support: my deposit has not arrived');
    expect(await desk.getByTestId('chat-conversation').innerText()).toContain(SCRIPT);
    await desk.getByTestId('chat-take').click();
    await desk
      .getByTestId('chat-answer-text')
      .fill('Here is where to look: https://otc.example@evil.io/help');
    await desk.getByTestId('chat-answer-image').setInputFiles({
      name: 'screen.png',
      mimeType: 'image/png',
      buffer: solidPng(80, 60, [30, 140, 90]),
    });
    await expect.poll(() => desk.locator('.chat-admin-image').count()).toBe(1);

    // The user sees it live (no reload): the badge, the link's real host, the image drawn.
    const answer = page.getByTestId('chat-message').filter({ has: page.getByTestId('chat-staff-badge') });
    await expect.poll(() => answer.count(), { timeout: 15_000 }).toBe(1);
    expect(await answer.getByTestId('chat-staff-badge').innerText()).toBe('Verified support');
    expect(await answer.locator('a.chat-link').innerText()).toBe('evil.io');
    const image = answer.getByTestId('chat-image');
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 15_000 })
      .toBe(80);
    // The operator sees the answer read once the user's screen showed it.
    await expect
      .poll(() => desk.getByTestId('chat-admin-message').last().innerText(), { timeout: 10_000 })
      .toContain('Read');
    await capture(page, 'en', 'chat', say(strings('en'), 'support.chat.title'), 'chat-list');
    await expectNoAxeViolations(page, { where: 'support chat' });
    await expectNoAxeViolations(desk, { where: 'back office support chat' });

    const de = await openIn(phone, 'de');
    await logIn(de, user.email, user.password);
    await de.goto(CHAT);
    await capture(de, 'de', 'chat', say(strings('de'), 'support.chat.title'), 'chat-image');
    expect(await de.getByTestId('chat-staff-badge').innerText()).toBe('Verifizierter Support');
    await de.close();

    // Away from the chat, a new answer arrives; opening support from home shows it.
    await page.goto('/#/');
    await page.getByTestId('home-shortcuts').waitFor();
    await desk.getByTestId('chat-answer-text').fill('Anything else?');
    await desk.getByTestId('chat-answer').click();
    await page
      .getByTestId('home-shortcuts')
      .locator(`a[href$="${CHAT.slice(1)}"]`)
      .click();
    await expect.poll(() => page.getByTestId('chat-list').innerText()).toContain('Anything else?');

    // Handed over to a support operator picked by email (support cannot read the operators list),
    // who closes it after a confirmation; the one who handed it over no longer answers.
    await desk.getByTestId('chat-handover-to').selectOption({ label: `${SUPPORT.email} (support)` });
    await desk.getByTestId('chat-handover').click();
    await expect.poll(() => desk.getByTestId('chat-answer-text').count()).toBe(0);
    await expect
      .poll(() => desk.getByTestId('chat-conversation').innerText())
      .toContain(`Held by ${SUPPORT.email}`);
    const support = await phone.newPage();
    await operatorSignIn(support, SUPPORT);
    await support.getByTestId('nav-chat').click();
    await support.getByTestId('chat-box-mine').click();
    await support
      .getByTestId('chat-queue')
      .getByRole('button', { name: `User ${user.userId}` })
      .click();
    await support.getByTestId('chat-close').click();
    await expect.poll(() => support.getByTestId('confirm-dialog').innerText()).toContain('history is kept');
    await support.getByTestId('confirm-ok').click();
    await support.getByTestId('chat-box-closed').click();
    await expect
      .poll(() =>
        support
          .getByTestId('chat-queue')
          .getByRole('button', { name: `User ${user.userId}` })
          .count(),
      )
      .toBe(1);
  });
});

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ensureReviewer, ensureSupport, existingAccount, REVIEWER, SUPPORT } from '../lib/accounts.ts';
import { expectNoAxeViolations } from '../lib/axe.ts';
import { usePhone } from '../lib/browser.ts';
import { logIn } from '../lib/login.ts';
import { operatorSignIn } from '../lib/operator.ts';
import { solidPng } from '../lib/png.ts';
import { capture, openIn, text as say, strings } from '../lib/screens.ts';

const phone = usePhone();
const text = (page: Page, testId: string) => page.getByTestId(testId).first().innerText();
const IDENTITY = '/#/pages/assets/auth';

/** The back office opens the user's application under review. */
async function openApplication(page: Page, userId: string) {
  await page.goto('/admin/#/kyc');
  // A hash change alone would show the queue as it was cached at the last visit (the first
  // application, since decided) until the refetch lands: load the page afresh.
  await page.reload();
  const row = page.locator(`[data-user="${userId}"]`);
  await expect.poll(() => row.count()).toBe(1);
  await row.getByRole('link').click();
  await expect.poll(() => text(page, 'kyc-field-realName')).toBe('Erika Mustermann');
  // Both photos load, side by side, each a link to the full size.
  for (const side of ['kyc-front', 'kyc-back'])
    await expect.poll(() => page.getByTestId(`${side}-link`).locator('img').count()).toBe(1);
}

/** Picks a photo for one side and waits until it is uploaded (the button offers to replace it). */
async function pickPhoto(page: Page, name: 'frontImage' | 'backImage', rgb: [number, number, number]) {
  await page.getByTestId(`${name}-input`).setInputFiles({
    name: `${name}.png`,
    mimeType: 'image/png',
    buffer: solidPng(64, 40, rgb),
  });
  const field = page.locator('.image-field').filter({ has: page.getByTestId(`${name}-input`) });
  await expect.poll(() => field.getByRole('button').first().innerText()).toMatch(/^Replace/);
}

describe('identity verification', () => {
  // Two reviews, then the security centre in two languages: about 30 s alone, 90 s and more beside the full suite.
  it('a user submits basic verification, is rejected with a reason, resubmits and is verified', {
    timeout: 240_000,
  }, async () => {
    const user = await existingAccount('kyc');
    await ensureReviewer();
    const page = await phone.newPage();
    await logIn(page, user.email, user.password);
    await page.goto(IDENTITY);
    await expect.poll(() => text(page, 'kyc-basic-status')).toBe('Not verified');
    expect(await text(page, 'kyc-advanced')).toContain('Available once basic verification is approved.');
    await expectNoAxeViolations(page, { where: 'identity, not verified' });

    // The basic form: a country from the list, names, the document and its two photos.
    await page.getByTestId('kyc-basic-start').click();
    await page.getByTestId('kyc-submit').click();
    await expect.poll(() => text(page, 'frontImage-error')).toBe('Please add this photo.');
    await page.selectOption('select[name=nationality]', 'DE');
    await page.fill('input[name=realName]', 'Erika Mustermann');
    await page.fill('input[name=firstName]', 'Erika');
    await page.fill('input[name=lastName]', 'Mustermann');
    await page.selectOption('select[name=documentType]', 'passport');
    await page.fill('input[name=documentNumber]', 'C01X00T47');
    await pickPhoto(page, 'frontImage', [180, 40, 40]);
    await pickPhoto(page, 'backImage', [40, 40, 180]);
    await expectNoAxeViolations(page, { where: 'identity, basic form' });
    await page.getByTestId('kyc-submit').click();
    await expect.poll(() => text(page, 'kyc-basic-status')).toBe('Under review');
    expect(await text(page, 'kyc-basic-reviewing')).toContain('under review');
    expect(await text(page, 'kyc-summary-realName')).toBe('Erika Mustermann');
    expect(await text(page, 'kyc-summary-nationality')).toBe('Germany');
    await expectNoAxeViolations(page, { where: 'identity, under review' });

    // Support sees the application but is offered no decision (the server would refuse it).
    await ensureSupport();
    const support = await phone.newPage();
    await operatorSignIn(support, SUPPORT);
    await support.goto('/admin/#/kyc');
    const supportRow = support.locator(`[data-user="${user.userId}"]`);
    await expect.poll(() => supportRow.count()).toBe(1);
    await supportRow.getByRole('link').click();
    await expect.poll(() => text(support, 'kyc-field-realName')).toBe('Erika Mustermann');
    expect(await support.locator('body').innerText()).toContain(
      'Only operators with the admin or reviewer role',
    );
    expect(await support.getByTestId('kyc-approve').count()).toBe(0);
    expect(await support.getByTestId('kyc-reject').count()).toBe(0);
    await support.close();

    // A reviewer rejects it with a reason, HTML and all: the user reads it as text.
    const reason = 'The <b>back</b> photo is blurred & cut off.';
    const ops = await phone.newPage();
    await operatorSignIn(ops, REVIEWER);
    await openApplication(ops, user.userId);
    await expectNoAxeViolations(ops, { where: 'back office application' });
    await ops.getByTestId('kyc-reject').click();
    await ops.getByTestId('confirm-ok').click();
    await expect.poll(() => text(ops, 'kyc-reason-error')).toContain('reason');
    await ops.fill('[data-testid=kyc-reason]', reason);
    await ops.getByTestId('confirm-ok').click();
    await expect.poll(() => text(ops, 'kyc-decided-reason')).toBe(reason);

    // The user's bell counts it; the notification says why and leads back to the page.
    await page.goto('/#/');
    await expect.poll(() => text(page, 'notice-badge')).toBe('1');
    await page.getByTestId('notice-bell').click();
    const row = page.getByTestId('notice-row');
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.innerText()).toContain('Identity verification not approved');
    await row.click();
    await expect.poll(() => text(page, 'notice-detail-body')).toContain(reason);
    await page.getByTestId('notice-open-link').click();
    await expect.poll(() => page.evaluate(() => location.hash)).toContain('/pages/assets/auth');
    await expect.poll(() => text(page, 'kyc-basic-status')).toBe('Not approved');
    expect(await text(page, 'kyc-basic-reason')).toBe(reason);
    expect(await page.getByTestId('kyc-basic-reason').locator('b').count()).toBe(0);
    await expectNoAxeViolations(page, { where: 'identity, rejected' });

    // Resubmission starts from what was sent: the fields and the photos (kept), one new photo.
    await page.getByTestId('kyc-basic-start').click();
    expect(await page.inputValue('input[name=realName]')).toBe('Erika Mustermann');
    expect(await page.inputValue('select[name=documentType]')).toBe('passport');
    await pickPhoto(page, 'backImage', [40, 160, 40]);
    await page.getByTestId('kyc-submit').click();
    await expect.poll(() => text(page, 'kyc-basic-status')).toBe('Under review');

    // The reviewer approves the new application; the user sees the tick.
    await openApplication(ops, user.userId);
    await ops.getByTestId('kyc-approve').click();
    await ops.getByTestId('confirm-ok').click();
    await expect.poll(() => text(ops, 'kyc-status-badge')).toBe('Verified');

    await page.reload();
    await expect.poll(() => text(page, 'kyc-basic-status')).toBe('Verified');
    expect(await text(page, 'kyc-basic-verified')).toContain('verified');
    expect(await page.getByTestId('kyc-advanced-start').innerText()).toBe('Verify now');
    await expectNoAxeViolations(page, { where: 'identity, verified' });

    // Every step the staff took on the account is the user's to see, in their language: the
    // approval, the rejection with its reason, the photos looked at; which role, never who.
    for (const lang of ['en', 'de']) {
      const shown = await openIn(phone, lang);
      await logIn(shown, user.email, user.password);
      await shown.goto('/#/pages/assets/anquanzhongxin');
      const bundle = strings(lang);
      const kinds = (k: string) => say(bundle, `settings.security.operatorActions.kinds.${k}`);
      await capture(
        shown,
        lang,
        'security-operator-actions',
        say(bundle, 'settings.security.operatorActions.title'),
        'operator-action',
      );
      const rows = shown.getByTestId('operator-action');
      await expect.poll(() => rows.first().innerText()).toContain(kinds('kycApproved'));
      expect(await rows.first().innerText()).toContain(
        say(bundle, 'settings.security.operatorActions.by').replace(
          '{{role}}',
          say(bundle, 'settings.security.operatorActions.role.reviewer'),
        ),
      );
      const all = await rows.allInnerTexts();
      expect(all.filter((r) => r.includes(kinds('kycRejected')))).toHaveLength(1);
      expect(all.find((r) => r.includes(kinds('kycRejected')))).toContain(reason);
      // Both photos, at each of the two reviews at least.
      expect(all.filter((r) => r.includes(kinds('documentViewed'))).length).toBeGreaterThanOrEqual(4);
      if (lang === 'en') await expectNoAxeViolations(shown, { where: 'security centre, operator actions' });
      await shown.close();
    }
  });
});

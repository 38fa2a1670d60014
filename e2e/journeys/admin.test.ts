import { describe, expect, it } from 'vitest';
import { E2E_ADMIN } from '../global-setup.ts';
import {
  ensureReviewer,
  ensureSecondOperator,
  existingAccount,
  newOperator,
  REVIEWER,
  requestCredit,
  SECOND_OPERATOR,
} from '../lib/accounts.ts';
import { expectNoAxeViolations } from '../lib/axe.ts';
import { usePhone } from '../lib/browser.ts';
import { logIn } from '../lib/login.ts';
import { operatorSignIn } from '../lib/operator.ts';

const phone = usePhone();

describe('back office', () => {
  it('an operator logs in, finds a new user and reads the dev outbox', async () => {
    const { email } = await existingAccount('ops');
    const page = await phone.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/admin/');
    await page.fill('input[name=email]', E2E_ADMIN.email);
    await page.fill('input[name=password]', 'not-the-password');
    await page.getByTestId('admin-login-submit').click();
    await expect.poll(() => page.locator('body').innerText()).toMatch(/wrong/i);
    await expectNoAxeViolations(page, { where: 'back office login' });

    await page.fill('input[name=password]', E2E_ADMIN.password);
    await page.getByTestId('admin-login-submit').click();
    await expect.poll(() => page.getByTestId('admin-operator').innerText()).toContain(E2E_ADMIN.email);

    await page.getByTestId('nav-users').click();
    await page.fill('input[name=q]', email);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('users-table').innerText()).toContain(email);
    // The unfiltered list holds the email too: the search has answered once its one row is left and
    // the table is no longer faded (axe would read the faded colours' contrast).
    await expect.poll(() => page.locator('[data-testid^=user-row-]').count()).toBe(1);
    await expect.poll(() => page.locator('.table-wrap.is-stale').count()).toBe(0);
    await expectNoAxeViolations(page, { where: 'back office users' });

    await page.getByTestId('nav-outbox').click();
    await expect.poll(() => page.getByTestId('outbox-table').innerText()).toContain(email);
    await expectNoAxeViolations(page, { where: 'back office outbox' });

    await page.getByTestId('nav-audit').click();
    await expect.poll(() => page.getByTestId('audit-table').innerText()).toContain('operator.login');

    // The worker's jobs ran at start: each is listed with its schedule, and its run too.
    await page.getByTestId('nav-jobs').click();
    const jobs = page.getByTestId('jobs-table');
    await expect.poll(() => jobs.innerText()).toContain('vip.recompute');
    expect(await jobs.innerText()).toMatch(/proof\.snapshot\s+every 1 h/);
    // Its run shows on its own row (the latest-runs table below holds the newest 50 runs, which the
    // every-few-seconds jobs, the deposit watcher and the seconds settlement, soon fill).
    await expect.poll(() => jobs.locator('tr', { hasText: 'proof.snapshot' }).innerText()).toMatch(/\bOK\b/);
    await expect.poll(() => page.getByTestId('job-runs-table').innerText()).toMatch(/\bOK\b/);
    await expectNoAxeViolations(page, { where: 'back office jobs' });

    // On a short window the sidebar's last link scrolls into reach inside the pinned sidebar.
    await page.setViewportSize({ width: 1280, height: 420 });
    const last = page.locator('.sidebar .nav-link').last();
    await last.click();
    await expect.poll(() => last.getAttribute('class')).toContain('active');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('a credit needs a second operator, then shows in the user ledger; the check passes and a proof is published', async () => {
    const { email, password, userId } = await existingAccount('ledger');
    await ensureSecondOperator();
    const page = await phone.newPage();
    await operatorSignIn(page, E2E_ADMIN);
    await page.getByTestId('nav-users').click();
    await page.fill('input[name=q]', email);
    await page.keyboard.press('Enter');
    // The row of this user, not the list's first: until the search applies, the first row is the
    // newest user's (seen under load: the credit went to another user).
    await page.locator('tr', { hasText: email }).getByTestId('user-ledger-link').click();
    await expect.poll(() => page.evaluate(() => location.hash)).toBe(`#/users/${userId}/ledger`);
    await page.selectOption('[data-testid=adjust-account]', 'funding');
    await page.selectOption('[data-testid=adjust-asset]', 'USDT');
    await page.fill('input[name=amount]', '64.25');
    await page.fill('[name=reason]', 'Compensation for a failed bank transfer');
    await page.getByTestId('adjust-submit').click();
    await expect.poll(() => page.getByTestId('adjust-result-status').innerText()).toMatch(/pending/i);

    // The one who asked is not offered the decision (the server would refuse it); another admin is.
    await page.getByTestId('nav-adjustments').click();
    const own = page.locator('[data-testid^=adjustment-row-]', { hasText: '64.25' });
    await expect.poll(() => own.getByTestId(/^awaiting-/).count()).toBe(1);
    expect(await own.getByTestId(/^(approve|reject)-/).count()).toBe(0);

    const other = await phone.newPage();
    await operatorSignIn(other, SECOND_OPERATOR);
    await other.getByTestId('nav-adjustments').click();
    const theirs = other.locator('[data-testid^=adjustment-row-]', { hasText: '64.25' });
    await expect.poll(() => theirs.getByTestId(/^reject-/).count()).toBe(1);
    await theirs.getByTestId(/^approve-/).click();
    await other.getByTestId('confirm-ok').click();
    // The decision's answer, not the row's absence: an empty moment of the table while it reloads
    // also lacks the row, and the ledger read then would come before the credit.
    await expect
      .poll(() =>
        other
          .getByRole('status')
          .filter({ hasText: /approved/ })
          .count(),
      )
      .toBe(1);
    await expect.poll(() => other.getByTestId('adjustments-table').innerText()).not.toMatch(/64\.25/);

    await other.goto(`/admin/#/users/${userId}/ledger`);
    await expect.poll(() => other.getByTestId('balances-table').innerText()).toContain('64.25');
    await expect.poll(() => other.getByTestId('journal-table').innerText()).toContain('admin.adjust');

    // The user sees both steps on their own account: who asked and who approved, by role, the amount and the reason.
    const mine = await phone.newPage();
    await logIn(mine, email, password);
    await mine.goto('/#/pages/assets/anquanzhongxin');
    const actions = mine.getByTestId('operator-action');
    await expect.poll(() => actions.first().innerText()).toContain('Balance adjustment approved');
    expect(await actions.first().innerText()).toContain('Role: administrator');
    const asked = await actions.nth(1).innerText();
    expect(asked).toContain('Balance adjustment requested');
    expect(asked).toContain('64.25 USDT');
    expect(asked).toContain('Reason: Compensation for a failed bank transfer');
    await mine.close();

    await other.getByTestId('nav-ledger').click();
    await other.getByTestId('ledger-check-run').click();
    await expect.poll(() => other.getByTestId('ledger-check-result').innerText()).toMatch(/ok|pass|hold/i);
    const before = await other
      .getByTestId('proof-root')
      .innerText({ timeout: 2000 })
      .catch(() => 'none yet');
    await other.getByTestId('proof-publish').click();
    // Every snapshot salts its leaves afresh, so a new one always has a new root.
    await expect.poll(() => other.getByTestId('proof-root').innerText()).toMatch(/^[0-9a-f]{64}$/);
    await expect.poll(() => other.getByTestId('proof-root').innerText()).not.toBe(before);
  });

  it('shows each operator only what their role may do, and marks system users', async () => {
    const { userId } = await existingAccount('roles');
    await ensureReviewer();
    const id = await requestCredit(userId, '12.5');

    const reviewer = await phone.newPage();
    await operatorSignIn(reviewer, REVIEWER);
    await reviewer.getByTestId('nav-adjustments').click();
    const row = reviewer.getByTestId(`adjustment-row-${id}`);
    await expect.poll(() => row.getByTestId('adjustment-status').innerText()).toMatch(/pending/i);
    expect(await row.locator('button').count()).toBe(0);
    await reviewer.getByTestId('nav-users').click();
    await expect.poll(() => reviewer.getByTestId(`user-row-${userId}`).count()).toBe(1);
    expect(await reviewer.locator('[data-testid^=user-toggle-]').count()).toBe(0);

    // An admin may disable people, never the market maker: it is marked and offers no switch.
    const admin = await phone.newPage();
    await operatorSignIn(admin, E2E_ADMIN);
    await admin.getByTestId('nav-users').click();
    await admin.fill('input[name=q]', 'Market maker');
    await admin.keyboard.press('Enter');
    // The search has applied once only the two market makers (live and demo) are listed: the first
    // page without it can hold them too, and typing before it applies is overwritten when it does.
    await expect.poll(() => admin.locator('[data-testid^=user-row-]').count()).toBe(2);
    const maker = admin.locator('[data-testid^=user-row-]', { hasText: 'Market maker' }).first();
    await expect.poll(() => maker.getByTestId('user-system').innerText()).toBe('System');
    expect(await maker.locator('[data-testid^=user-toggle-]').count()).toBe(0);
    await admin.fill('input[name=q]', userId);
    await admin.keyboard.press('Enter');
    await expect.poll(() => admin.getByTestId(`user-toggle-${userId}`).count()).toBe(1);
  });

  it('an operator changes their own password, then signs in with the new one only', async () => {
    const who = await newOperator('support');
    const page = await phone.newPage();
    await operatorSignIn(page, who);
    await page.getByTestId('nav-password').click();
    const form = page.getByTestId('password-form');
    await form.locator('input[name=currentPassword]').fill('Not-the-pass-1');
    await form.locator('input[name=newPassword]').fill('E2e-changed-pass-2');
    await form.locator('input[name=confirmPassword]').fill('E2e-changed-pass-2');
    await page.getByTestId('password-submit').click();
    await expect.poll(() => form.innerText()).toMatch(/current password is wrong/i);
    await expectNoAxeViolations(page, { where: 'back office change password' });

    await form.locator('input[name=currentPassword]').fill(who.password);
    await form.locator('input[name=newPassword]').fill('E2e-changed-pass-2');
    await form.locator('input[name=confirmPassword]').fill('E2e-changed-pass-2');
    await page.getByTestId('password-submit').click();
    await expect.poll(() => form.innerText()).toMatch(/password changed/i);

    await page.getByTestId('admin-logout').click();
    await page.fill('input[name=email]', who.email);
    await page.fill('input[name=password]', who.password);
    await page.getByTestId('admin-login-submit').click();
    await expect.poll(() => page.locator('body').innerText()).toMatch(/wrong/i);
    await page.fill('input[name=password]', 'E2e-changed-pass-2');
    await page.getByTestId('admin-login-submit').click();
    await expect.poll(() => page.getByTestId('admin-operator').innerText()).toContain(who.email);
  });
});

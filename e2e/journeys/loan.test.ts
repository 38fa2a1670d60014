import { formatUnits, parseUnits, roundUnits } from '@otc/core/money/decimal';
import type { AdminLoan } from '@otc/protocol/loan/schemas';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { E2E_ADMIN } from '../global-setup.ts';
import { creditByOperators } from '../lib/accounts.ts';
import { expectNoAxeViolations } from '../lib/axe.ts';
import { usePhone } from '../lib/browser.ts';
import { logIn } from '../lib/login.ts';
import { solidPng } from '../lib/png.ts';
import { capture, openIn, text as say, strings } from '../lib/screens.ts';
import { advancedAccount, ledgerProblems } from '../lib/verified.ts';

const phone = usePhone();
const text = (page: Page, testId: string) => page.getByTestId(testId).first().innerText();
const TO_LOAN = '/#/pages/index/ToLoan';
const TO_LOAN_LIST = '/#/pages/index/ToLoanList';
const CERTIFICATION = '/#/pages/index/CertificationInformation';

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

async function get<T>(path: string, token: string): Promise<T> {
  const res = await fetch(inject('baseUrl') + path, { headers: { authorization: `Bearer ${token}` } });
  const envelope = (await res.json()) as { code: number; msg: string; data: T };
  if (envelope.code !== 200) throw new Error(`${path}: ${envelope.msg}`);
  return envelope.data;
}

/** The user's funding balances of an asset, exact, as the ledger holds them. */
async function funding(token: string, asset: string): Promise<{ available: string; frozen: string }> {
  const overview = await post<{
    accounts: { kind: string; balances: { asset: string; available: string; frozen: string }[] }[];
  }>('/api/assets/overview', {}, token);
  const row = overview.accounts.find((a) => a.kind === 'funding')?.balances.find((b) => b.asset === asset);
  return { available: row?.available ?? '0', frozen: row?.frozen ?? '0' };
}

/** A figure as the page shows it ("67,250.5 USDT") as units. */
const unitsOf = (shown: string) => parseUnits(shown.replace(/[^\d.]/g, ''));
const same = (a: string, b: string) => expect(parseUnits(a)).toBe(parseUnits(b));

/** ceil(n / d) to 8 places of units (18 places): the server's rounding of collateral, up. */
function ceil8(numerator: bigint, denominator: bigint): bigint {
  const step = 10n ** 10n;
  const q = (numerator + denominator * step - 1n) / (denominator * step);
  return q * step;
}

/** Picks a photo for an image field by its name (ImageField's `<name>-input`), a distinct colour each. */
async function photo(page: Page, name: string, n: number) {
  const input = page.getByTestId(`${name}-input`);
  await input.setInputFiles({
    name: `${name}.png`,
    mimeType: 'image/png',
    buffer: solidPng(32, 20, [40 + n * 20, 120, 200 - n * 15]),
  });
}

interface Screen {
  name: string;
  path: string;
  title: string;
  ready: string;
  /** Typed into the amount first (the quote shows once there is one). */
  amount?: string;
}

/** Each screen in English and German, the user logged in on a phone in that language (lib/screens.ts checks them). */
async function screens(user: { email: string; password: string }, list: readonly Screen[]) {
  for (const lang of ['en', 'de']) {
    const shot = await openIn(phone, lang);
    await logIn(shot, user.email, user.password);
    for (const screen of list) {
      await shot.goto(screen.path);
      if (screen.amount) await shot.fill('input[name=amount]', screen.amount);
      await capture(shot, lang, screen.name, say(strings(lang), screen.title), screen.ready);
    }
    await shot.close();
  }
}

describe('loans', () => {
  it('a verified user certifies, applies seeing every figure first, is approved, repays early and gets the collateral back', async () => {
    const user = await advancedAccount('loan');
    // The collateral (1 BTC) and some USDT for the interest and the early-repayment penalty.
    await creditByOperators(user.userId, 'BTC', '1');
    await creditByOperators(user.userId, 'USDT', '100');
    const { token } = await post<{ token: string }>('/api/auth/login', {
      account: user.email,
      password: user.password,
    });

    const page = await phone.newPage();
    await logIn(page, user.email, user.password);
    await page.goto(TO_LOAN);
    // Decision 0125: a user's total limit is 50,000 USDT, all of it available before any loan.
    await expect.poll(() => text(page, 'loan-available-limit')).toBe('50,000.00 USDT');
    expect(await text(page, 'loan-total-limit')).toContain('50,000.00 USDT');
    // Advanced verification is done; the certification is still missing, with the way there.
    expect(await page.getByTestId('loan-verify-link').count()).toBe(0);
    await page.getByTestId('loan-certify-link').click();

    // The certification: every field of seed §3, the documents uploaded as loan_document.
    await page.getByTestId('loan-certification-form').waitFor();
    await expectNoAxeViolations(page, { where: 'loan certification' });
    await page.fill('input[name=realName]', 'Erika Mustermann');
    await page.selectOption('select[name=documentType]', 'passport');
    await page.fill('input[name=documentNumber]', 'C01X00T47');
    await page.fill('input[name=birthDate]', '1990-05-01');
    await page.fill('input[name=workType]', 'Engineer');
    await page.fill('input[name=annualIncome]', '60000');
    await page.fill('input[name=emergencyName]', 'Max Mustermann');
    await page.fill('input[name=emergencyPhone]', '+49 30 1234567');
    await photo(page, 'idPhoto', 0);
    await photo(page, 'bankCards-0', 1);
    // One bank card short: said under the group, nothing sent.
    await expect.poll(() => page.locator('.image-field-busy').count(), { timeout: 20_000 }).toBe(0);
    await page.getByTestId('loan-certification-submit').click();
    await expect.poll(() => text(page, 'bankCards-error')).toBe('Please add the missing photo');
    await photo(page, 'bankCards-1', 2);
    for (const [i, name] of ['assetProofs-0', 'assetProofs-1', 'assetProofs-2'].entries())
      await photo(page, name, 3 + i);
    for (const [i, name] of [
      'transactionRecords-0',
      'transactionRecords-1',
      'transactionRecords-2',
    ].entries())
      await photo(page, name, 6 + i);
    await photo(page, 'workCertificate', 9);
    // Each upload shows its preview once stored.
    await expect.poll(() => page.locator('img.image-field-preview').count(), { timeout: 20_000 }).toBe(10);
    await expect.poll(() => page.locator('.image-field-busy').count(), { timeout: 20_000 }).toBe(0);
    await page.getByTestId('loan-certification-submit').click();
    await expect.poll(() => text(page, 'toast')).toBe('Certification saved');
    await expect
      .poll(() => text(page, 'loan-certification-on-file'))
      .toContain('Your certification is on file');
    const onFile = await post<{ certification: { bankCards: string[]; workCertificate?: string } | null }>(
      '/api/loan/certification',
      {},
      token,
    );
    expect(onFile.certification?.bankCards).toHaveLength(2);
    expect(onFile.certification?.workCertificate).toBeTruthy();

    // The application, with the seeded product (decision 0125: 0.05% a day, LTV 65/80/90%).
    await page.getByTestId('loan-apply-link').click();
    await expect.poll(() => page.getByTestId('loan-requirements').count()).toBe(0);
    expect(await text(page, 'loan-product-rate')).toBe('0.05%');
    expect(await text(page, 'loan-product-ltv')).toBe('65.00% / 80.00% / 90.00%');

    // Beyond the limit: the server's 'Loan amount error', under the amount, before anything is sent.
    await page.fill('input[name=amount]', '60000');
    await expect.poll(() => text(page, 'amount-error')).toBe('Loan amount error');
    expect(await page.getByTestId('loan-submit').isDisabled()).toBe(true);

    await page.fill('input[name=amount]', '1000');
    await page.getByTestId('loan-term-30').click();
    await page.getByTestId('loan-collateral-BTC').click();
    // By hand: interest 1,000 x 0.0005 x 30 = 15, due with the principal: 1,015; a day overdue
    // costs 1,000 x 0.0005 x 1.1 = 0.55 interest and 1% of 15 = 0.15 late fee.
    await expect.poll(() => text(page, 'loan-quote-interest'), { timeout: 15_000 }).toBe('15 USDT');
    expect(await text(page, 'loan-quote-due')).toBe('1,015 USDT');
    expect(await text(page, 'loan-quote-overdue-interest')).toBe('0.55 USDT');
    expect(await text(page, 'loan-quote-late-fee')).toBe('0.15 USDT');
    expect(await text(page, 'loan-quote-overdue-rule')).toBe(
      'After 3 days overdue, the collateral is liquidated.',
    );
    expect(await text(page, 'loan-quote-early-rule')).toContain('plus 50% of the interest not yet accrued');
    // Read in one go (the quote follows the index price): the collateral at the index price shown,
    // ceil8(1,000 / (0.65 x price)) BTC, against the 1 BTC held.
    const quoted = await page.getByTestId('loan-quote').evaluate((el) => ({
      price: el.querySelector('[data-testid=loan-quote-price]')?.textContent ?? '',
      collateral: el.querySelector('[data-testid=loan-quote-collateral]')?.textContent ?? '',
      marginCall: el.querySelector('[data-testid=loan-quote-margin-call]')?.textContent ?? '',
      liquidation: el.querySelector('[data-testid=loan-quote-liquidation]')?.textContent ?? '',
    }));
    const price = unitsOf(quoted.price);
    const collateral = ceil8(parseUnits('1000') * 10n ** 36n, parseUnits('0.65') * price);
    expect(unitsOf(quoted.collateral)).toBe(collateral);
    // Decision 0125: the trigger prices are of what is owed right after approval (1,000 + day one's
    // 0.5): ceil8(1,000.5 / (C x 0.8)) and ceil8(1,000.5 / (C x 0.9)), shown to the cent (cut).
    const owed = parseUnits('1000.5') * 10n ** 36n;
    const cent = (units: bigint) => roundUnits(units, 2, 'down');
    const quote = page.getByTestId('loan-quote');
    expect(await quote.innerText()).toContain('BTC price at margin call (LTV 80.00%)');
    expect(await quote.innerText()).toContain('BTC price at liquidation (LTV 90.00%)');
    expect(unitsOf(quoted.marginCall)).toBe(cent(ceil8(owed, collateral * parseUnits('0.8'))));
    expect(unitsOf(quoted.liquidation)).toBe(cent(ceil8(owed, collateral * parseUnits('0.9'))));
    expect(await text(page, 'loan-quote-collateral-available')).toBe('1 BTC');
    expect(await page.getByTestId('loan-quote-short').count()).toBe(0);
    await expectNoAxeViolations(page, { where: 'loan quote' });

    // Seed §5: the agreement first.
    await page.getByTestId('loan-submit').click();
    await expect.poll(() => text(page, 'agreement-error')).toBe('Please confirm the agreement');
    await page.getByTestId('loan-agreement').check();
    await page.fill('input[name=tradePassword]', user.password);
    await page.getByTestId('loan-submit').click();
    await expect.poll(() => text(page, 'toast')).toBe('Application sent: an operator will review it');
    await expect.poll(() => page.evaluate(() => location.hash)).toContain('ToLoanList');
    const card = page.locator('section.loan-card').first();
    await expect.poll(() => card.getByTestId('loan-status').innerText()).toBe('Pending review');
    expect(await card.getByTestId('loan-amount').innerText()).toBe('1,000 USDT');
    expect(await card.getByTestId('loan-repaid').innerText()).toBe('Not repaid');
    // Nothing moved yet: the principal is not credited, the collateral not frozen.
    same((await funding(token, 'USDT')).available, '100');
    same((await funding(token, 'BTC')).available, '1');

    // The operator approves. The back office's loan pages are not on main yet: through its API.
    const admin = await post<{ token: string }>('/api/admin/login', E2E_ADMIN);
    const pending = await get<{ items: AdminLoan[] }>(
      '/api/admin/loan/list?status=pending&pageSize=100',
      admin.token,
    );
    const loan = pending.items.find((l) => l.userId === user.userId);
    if (!loan) throw new Error('the application is not in the review queue');
    expect(loan.approvalsNeeded).toBe(1);
    await post('/api/admin/loan/decide', { id: loan.id, decision: 'approve' }, admin.token);

    await page.reload();
    await expect.poll(() => card.getByTestId('loan-status').innerText()).toBe('Not repaid');
    // The collateral frozen at approval's index price (it may have moved since the quote).
    const frozen = (await funding(token, 'BTC')).frozen;
    expect(unitsOf(await card.getByTestId('loan-collateral').innerText())).toBe(parseUnits(frozen));
    same((await funding(token, 'BTC')).available, formatUnits(parseUnits('1') - parseUnits(frozen)));
    same((await funding(token, 'USDT')).available, '1100');
    expect(await card.getByTestId('loan-ltv').innerText()).toMatch(/^\d{1,2}\.\d\d%$/);
    expect(await card.getByTestId('loan-interest').innerText()).toBe('15 USDT');
    expect(await card.getByTestId('loan-amount-due').innerText()).toBe('1,015 USDT');
    // Repaying now, on day one: interest 1,000 x 0.0005 x 1 = 0.5, and 50% of the 14.5 not yet
    // accrued = 7.25; in all 1,007.75.
    expect(await card.getByTestId('loan-line-principal').innerText()).toBe('1,000 USDT');
    expect(await card.getByTestId('loan-line-interest').innerText()).toBe('0.5 USDT');
    expect(await card.getByTestId('loan-line-earlyPenalty').innerText()).toBe('7.25 USDT');
    expect(await card.getByTestId('loan-line-overdueInterest').count()).toBe(0);
    expect(await card.getByTestId('loan-line-total').innerText()).toBe('1,007.75 USDT');
    await expectNoAxeViolations(page, { where: 'loan records, active' });
    await screens(user, [
      { name: 'loan-active', path: TO_LOAN_LIST, title: 'loan.records.title', ready: 'loan-line-total' },
    ]);

    // More collateral lowers the LTV: 0.01 BTC more frozen for the loan.
    const ltvBefore = parseUnits((await card.getByTestId('loan-ltv').innerText()).replace('%', ''));
    await card.getByTestId('loan-add-collateral').click();
    await page.fill('input[name=amount]', '0.01');
    await page.fill('input[name=tradePassword]', user.password);
    await page.getByTestId('dialog-ok').click();
    await expect.poll(() => text(page, 'toast')).toBe('Collateral added');
    const held = parseUnits(frozen) + parseUnits('0.01');
    await expect.poll(async () => unitsOf(await card.getByTestId('loan-collateral').innerText())).toBe(held);
    same((await funding(token, 'BTC')).frozen, formatUnits(held));
    expect(parseUnits((await card.getByTestId('loan-ltv').innerText()).replace('%', ''))).toBeLessThan(
      ltvBefore,
    );

    await card.getByTestId('loan-repay').click();
    const dialog = page.getByTestId('loan-repay-dialog');
    expect(await dialog.getByTestId('loan-line-total').innerText()).toBe('1,007.75 USDT');
    await page.fill('input[name=tradePassword]', user.password);
    await page.getByTestId('dialog-ok').click();
    await expect.poll(() => text(page, 'toast')).toBe('Repaid');
    await expect.poll(() => card.getByTestId('loan-status').innerText()).toBe('Repaid');
    expect(await card.getByTestId('loan-repaid').innerText()).toBe('Repaid');
    expect(unitsOf(await card.getByTestId('loan-released').innerText())).toBe(held);
    expect(await card.getByTestId('loan-line-total').innerText()).toBe('1,007.75 USDT');
    // 100 + 1,000 - 1,007.75 = 92.25 USDT; the whole BTC back, nothing frozen.
    same((await funding(token, 'USDT')).available, '92.25');
    same((await funding(token, 'BTC')).available, '1');
    same((await funding(token, 'BTC')).frozen, '0');
    await page.goto('/#/pages/index/Assets');
    await expect.poll(() => text(page, 'balance-available-USDT')).toContain('92.25');
    expect(await ledgerProblems()).toEqual([]);

    // The screens in English and German: the form, the quote, the repaid loan.
    await screens(user, [
      {
        name: 'loan-certification',
        path: CERTIFICATION,
        title: 'loan.certification.title',
        ready: 'loan-certification-form',
      },
      { name: 'loan-apply', path: TO_LOAN, title: 'loan.apply.title', ready: 'loan-quote', amount: '1000' },
      { name: 'loan-repaid', path: TO_LOAN_LIST, title: 'loan.records.title', ready: 'loan-released' },
    ]);
  }, 240_000);
});

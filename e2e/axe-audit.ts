/**
 * Runs axe (WCAG 2.1 AA) over the app's main pages at 390 x 844 and the back office's at 1280 x 800,
 * and prints how many elements break each rule on each page; the elements themselves with --detail.
 * The app's pages are counted again in the dark theme (their colours: lib/axe.ts's darkViolations).
 * For a running platform: node --import tsx e2e/axe-audit.ts http://127.0.0.1:4000 [--detail]
 * (back office pages when ADMIN_EMAIL and ADMIN_PASSWORD are set, as for the server).
 */
import type { Result } from 'axe-core';
import { chromium, type Page } from 'playwright-core';
import { axeViolations, darkViolations, describeViolations } from './lib/axe.ts';
import { PHONE } from './lib/browser.ts';

const baseUrl = process.argv[2] ?? 'http://127.0.0.1:4000';
const detail = process.argv.includes('--detail');

const GUEST_PAGES = [
  '/',
  '/pages/index/quotation',
  '/pages/index/search',
  '/pages/futures/heyueDetail?symbol=BTC-PERP',
  '/pages/index/buy',
  '/pages/login/login',
  '/pages/login/register',
];
const USER_PAGES = [
  '/',
  '/pages/index/quotation',
  '/pages/index/buy',
  '/pages/index/Assets',
  '/pages/assets/zhanghuDetail?type=funding',
  '/pages/index/Transfer',
  '/pages/index/Exchange',
  '/pages/index/TransferList',
  '/pages/assets/shezhi',
  '/pages/index/Futures',
  '/pages/index/vip',
  '/pages/assets/recharge',
  '/pages/assets/tibi',
  '/pages/assets/proof',
  '/pages/index/History',
];
const ADMIN_PAGES = [
  'users',
  'outbox',
  'adjustments',
  'ledger',
  'instruments',
  'vip',
  'jobs',
  'audit',
  'operators',
];

let total = 0;
function report(violations: Result[], name: string): void {
  const count = violations.reduce((n, v) => n + v.nodes.length, 0);
  total += count;
  const rules = violations.map((v) => `${v.id} ${v.nodes.length}`).join(', ');
  console.log(`${String(count).padStart(4)}  ${name}${rules ? `  (${rules})` : ''}`);
  if (detail && count) console.log(`${describeViolations(violations).replace(/^/gm, '        ')}`);
}

async function audit(page: Page, name: string): Promise<void> {
  // Let live prices, lazy routes and fonts arrive: axe judges what is on screen.
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(1200);
  report(await axeViolations(page), name);
  const dark = await darkViolations(page);
  if (dark) report(dark, `${name} (dark)`);
}

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  const context = await browser.newContext({ ...PHONE, baseURL: baseUrl, locale: 'en-US' });
  const page = await context.newPage();
  for (const path of GUEST_PAGES) {
    await page.goto(`/#${path}`);
    await audit(page, `guest ${path}`);
  }
  await page.goto('/#/pages/login/login');
  await page.getByTestId('demo-login').click();
  await page.getByTestId('demo-badge').waitFor();
  for (const path of USER_PAGES) {
    await page.goto(`/#${path}`);
    await audit(page, `demo  ${path}`);
  }

  const { ADMIN_EMAIL, ADMIN_PASSWORD } = process.env;
  if (ADMIN_EMAIL && ADMIN_PASSWORD) {
    const office = await browser.newPage({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
    await office.goto('/admin/');
    await audit(office, 'admin login');
    await office.fill('input[name=email]', ADMIN_EMAIL);
    await office.fill('input[name=password]', ADMIN_PASSWORD);
    await office.getByTestId('admin-login-submit').click();
    await office.getByTestId('admin-operator').waitFor();
    for (const path of ADMIN_PAGES) {
      await office.goto(`/admin/#/${path}`);
      await audit(office, `admin ${path}`);
    }
  }
  console.log(`${String(total).padStart(4)}  in all`);
} finally {
  await browser.close();
}

import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { japaneseFonts } from './fonts.ts';

const artifacts = path.resolve(import.meta.dirname, '../artifacts');

/**
 * A phone: 390 x 844, touch, in the system Chromium, headless. At 1x: a journey asserts what the
 * page says and does, which the pixel density does not change, and Chromium rasterises in software
 * here: at a phone's 3x it paints nine times the pixels (a sixth more CPU for the market, trade
 * and spot journeys). The screenshots journey, whose pictures people read, uses `SHARP` (3x).
 */
export const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 1,
  isMobile: true,
  hasTouch: true,
};

/** A phone's real density, for the screens people look at. */
export const SHARP = 3;

/**
 * One browser per test file and a fresh context (a new user's first screen) per journey.
 * A failed journey leaves a screenshot of each page in e2e/artifacts, and what its browser logged.
 */
export function usePhone(options: { scale?: number } = {}): {
  page: () => Page;
  newPage: () => Promise<Page>;
  baseUrl: string;
} {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let current: Page | undefined;
  const browserLogs = new WeakMap<Page, string[]>();
  const baseUrl = inject('baseUrl');

  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: inject('chromium'),
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') {
      mkdirSync(artifacts, { recursive: true });
      const name = task.name.replace(/[^\w]+/g, '-').slice(0, 80);
      const pages = contexts.flatMap((c) => c.pages());
      for (const [i, p] of pages.entries()) {
        await p
          .screenshot({ path: path.join(artifacts, `${name}-${i}.png`), fullPage: true })
          .catch(() => undefined);
        const log = browserLogs.get(p);
        if (log?.length) writeFileSync(path.join(artifacts, `${name}-${i}.log`), `${log.join('\n')}\n`);
      }
    }
    // The security policy (issue 23) must not stand in the way of anything a journey does.
    const refused = contexts
      .flatMap((c) => c.pages())
      .flatMap((p) => browserLogs.get(p) ?? [])
      .filter((line) => line.includes('Content Security Policy'));
    for (const c of contexts.splice(0)) await c.close();
    current = undefined;
    if (refused.length > 0) throw new Error(`the page broke its security policy:\n${refused.join('\n')}`);
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function newPage(): Promise<Page> {
    const context = await browser.newContext({
      ...PHONE,
      deviceScaleFactor: options.scale ?? PHONE.deviceScaleFactor,
      baseURL: baseUrl,
      locale: 'en-US',
    });
    contexts.push(context);
    // This machine has no CJK fonts; a Japanese phone has (see fonts.ts).
    await japaneseFonts(context);
    const page = await context.newPage();
    // Two journey files share the server (vitest.config.ts, project e2e): a busy moment is not a failure.
    page.setDefaultTimeout(30_000);
    // What the browser said: a failed journey leaves it beside its screenshot.
    const log: string[] = [];
    browserLogs.set(page, log);
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') log.push(`console.${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (err) => log.push(`page error: ${err.stack ?? err.message}`));
    page.on('requestfailed', (r) => log.push(`request failed: ${r.url()} ${r.failure()?.errorText ?? ''}`));
    current ??= page;
    return page;
  }

  return {
    page: () => {
      if (!current) throw new Error('call newPage() first');
      return current;
    },
    newPage,
    baseUrl,
  };
}

import { createRequire } from 'node:module';
import type { AxeResults, Result } from 'axe-core';
import type { Page } from 'playwright-core';

/** The rules the platform promises: WCAG 2.1 level A and AA. */
export const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

// axe-core's own built script, read once; injected into each page checked.
const axeSource: string = createRequire(import.meta.url)('axe-core').source;

/** One line per failing element: the rule, its selector and what axe says to fix. */
export function describeViolations(violations: Result[]): string {
  return violations
    .flatMap((v) =>
      v.nodes.map((n) => {
        const why = n.failureSummary?.split('\n').slice(1).join(' ').trim() ?? '';
        return `${v.id} (${v.impact ?? 'n/a'}) ${n.target.join(' ')}: ${why}`;
      }),
    )
    .join('\n');
}

/**
 * Waits for what is loading (aria-busy: a table dimmed while its next page comes, a busy button) to
 * arrive, up to a limit: axe judges the page a person reads, not one caught half-way.
 */
async function settleLoading(page: Page): Promise<void> {
  await page
    .waitForFunction(() => !document.querySelector('[aria-busy="true"]'), null, { timeout: 10_000 })
    .catch(() => undefined);
}

/**
 * Waits for the page's finite animations and transitions (a toast or a dialog popping in)
 * to end: axe measures colours as painted, and a half-faded element is no finding. Endless ones
 * (spinners, the route progress bar) are left running.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Number.POSITIVE_INFINITY));
    const settled = Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
    await Promise.race([settled, new Promise((r) => setTimeout(r, 2000))]);
  });
}

/** Runs axe on what the page shows now and returns what breaks the given rules. */
export async function axeViolations(page: Page, tags: string[] = WCAG_21_AA): Promise<Result[]> {
  await settleLoading(page);
  await settleAnimations(page);
  const injected = await page.evaluate(() => 'axe' in window);
  // Evaluated, not added as an inline <script>: the app's security policy refuses those (issue 23).
  if (!injected) await page.evaluate(axeSource);
  const results = await page.evaluate(
    (runOnly) =>
      (window as unknown as { axe: { run: (c: Document, o: object) => Promise<AxeResults> } }).axe.run(
        document,
        { runOnly: { type: 'tag', values: runOnly }, resultTypes: ['violations'] },
      ),
    tags,
  );
  return [...results.violations, ...(await unreachableWhenOverflowing(page))];
}

/**
 * axe's scrollable-region-focusable judged as if every box that may scroll (overflow auto or scroll)
 * overflowed: each gets a large spacer, the one rule runs, the spacers go. Without it the rule
 * passed or failed by how many rows a page held that day (issue 23: the back office's table-wrap
 * failed the withdrawals journey on a clean clone only once its rows overflowed).
 */
export async function unreachableWhenOverflowing(page: Page): Promise<Result[]> {
  await page.evaluate(() => {
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      const style = getComputedStyle(el);
      const scrolls = [style.overflowX, style.overflowY].some((o) => o === 'auto' || o === 'scroll');
      if (!scrolls) continue;
      // axe takes a box as scrollable only when content lies outside it: a mark at the spacer's far corner.
      const spacer = document.createElement('div');
      spacer.dataset.axeSpacer = '';
      spacer.style.cssText =
        'width:5000px;height:5000px;flex:none;display:flex;align-items:flex-end;justify-content:flex-end';
      spacer.textContent = '.';
      el.append(spacer);
    }
  });
  try {
    const results = await page.evaluate(() =>
      (window as unknown as { axe: { run: (c: Document, o: object) => Promise<AxeResults> } }).axe.run(
        document,
        { runOnly: { type: 'rule', values: ['scrollable-region-focusable'] }, resultTypes: ['violations'] },
      ),
    );
    return results.violations;
  } finally {
    await page.evaluate(() => {
      for (const spacer of Array.from(document.querySelectorAll('[data-axe-spacer]'))) spacer.remove();
    });
  }
}

/**
 * The rules a theme can change: colours. Names, labels, roles and structure are the same markup in
 * light and dark, so the dark pass runs only these (on the market list 0.2 s against a full run's
 * 0.24 s: contrast is most of axe's work, the journeys' steps are not repeated).
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * The page as the dark theme shows it, judged on the colour rules; null for a page with no dark
 * theme (the back office: decision 0159). The page is switched the way Settings switches it
 * (`<html data-theme>`, what index.html's script sets before the first paint) and switched back,
 * its transitions settled each way: a journey visits each page once and both themes are checked
 * there, instead of every journey running twice.
 */
export async function darkViolations(page: Page): Promise<Result[] | null> {
  const before = await page.evaluate(() => {
    const scheme = document.querySelector<HTMLMetaElement>('meta[name="color-scheme"]')?.content ?? '';
    if (!scheme.includes('dark')) return null;
    const was = document.documentElement.dataset.theme ?? '';
    document.documentElement.dataset.theme = 'dark';
    return was;
  });
  if (before === null) return null;
  try {
    await settleAnimations(page);
    const results = await page.evaluate(
      (rules) =>
        (window as unknown as { axe: { run: (c: Document, o: object) => Promise<AxeResults> } }).axe.run(
          document,
          { runOnly: { type: 'rule', values: rules }, resultTypes: ['violations'] },
        ),
      COLOUR_RULES,
    );
    return results.violations;
  } finally {
    await page.evaluate((was) => {
      if (was) document.documentElement.dataset.theme = was;
      else delete document.documentElement.dataset.theme;
    }, before);
    await settleAnimations(page);
  }
}

/**
 * Fails with every violating element (rule, selector, fix) when the page breaks WCAG 2.1 AA,
 * so a journey that visits a page also keeps it readable: contrast, names, labels. The app's pages
 * are judged in the theme they show and again in dark (`darkViolations`).
 */
export async function expectNoAxeViolations(
  page: Page,
  { tags = WCAG_21_AA, where = page.url() }: { tags?: string[]; where?: string } = {},
): Promise<void> {
  const violations = await axeViolations(page, tags);
  if (violations.length > 0) throw new Error(`axe at ${where}:\n${describeViolations(violations)}`);
  const dark = await darkViolations(page);
  if (dark && dark.length > 0) throw new Error(`axe at ${where}, dark theme:\n${describeViolations(dark)}`);
}

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { markPage, shownTheme, THEME_CHOICES, THEME_KEY, type ThemeChoice, toChoice } from './theme.ts';

const indexHtml = readFileSync(path.resolve(import.meta.dirname, '../../index.html'), 'utf8');
/** index.html's inline script that marks the page before the first paint. */
const prePaint = [...indexHtml.matchAll(/<script>([\s\S]*?)<\/script>/g)]
  .map(([, body]) => body ?? '')
  .find((body) => body.includes('dataset.theme'));

/** Runs the pre-paint script on a page whose localStorage holds `stored` under the theme's key; its mark. */
function markedBefore(stored: string | null, storage: 'ok' | 'refused' = 'ok'): string | undefined {
  const root = { dataset: {} as Record<string, string> };
  const localStorage = {
    getItem: (key: string) => {
      if (storage === 'refused') throw new Error('SecurityError');
      return key === THEME_KEY ? stored : null;
    },
  };
  runInNewContext(prePaint ?? '', { localStorage, document: { documentElement: root } });
  return root.dataset.theme;
}

/** How the app's cache stores a value (api/storage.ts). */
const entry = (v: unknown) => JSON.stringify({ v, e: Date.now() + 86_400_000 });

describe('the theme a device chose', () => {
  it('offers the system, light and dark, the system first', () => {
    expect(THEME_CHOICES).toEqual(['system', 'light', 'dark']);
  });

  it('reads light and dark as stored and anything else as the system', () => {
    expect(toChoice('light')).toBe('light');
    expect(toChoice('dark')).toBe('dark');
    for (const other of [undefined, null, '', 'system', 'Dark', 'sepia', 1, { v: 'dark' }])
      expect(toChoice(other)).toBe('system');
  });

  it('shows the choice, or on the system whatever the system shows now', () => {
    expect(shownTheme('light', true)).toBe('light');
    expect(shownTheme('dark', false)).toBe('dark');
    expect(shownTheme('system', true)).toBe('dark');
    expect(shownTheme('system', false)).toBe('light');
  });

  it('marks the page for light and dark and takes the mark off for the system', () => {
    const root = { dataset: {} as DOMStringMap };
    markPage(root, 'dark');
    expect(root.dataset.theme).toBe('dark');
    markPage(root, 'light');
    expect(root.dataset.theme).toBe('light');
    markPage(root, 'system');
    expect('theme' in root.dataset).toBe(false);
  });
});

describe("index.html's script before the first paint", () => {
  it('is there, and small', () => {
    expect(prePaint).toBeDefined();
    expect(prePaint?.trim().length).toBeLessThan(300);
  });

  it('marks the page as the app would for each stored choice', () => {
    for (const choice of THEME_CHOICES) {
      const marked = markedBefore(choice === 'system' ? null : entry(choice));
      const app = { dataset: {} as DOMStringMap };
      markPage(app, choice as ThemeChoice);
      expect(marked, choice).toBe(app.dataset.theme);
    }
  });

  it('leaves the page to the system for what it cannot read, and when storage is refused', () => {
    for (const stored of [
      '"dark"',
      'not json',
      entry('sepia'),
      entry(null),
      JSON.stringify({ e: 1 }),
      'null',
    ])
      expect(markedBefore(stored), stored).toBeUndefined();
    expect(markedBefore(entry('dark'), 'refused')).toBeUndefined();
  });
});

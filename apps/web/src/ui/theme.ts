import { cache } from '../api/storage.ts';

/**
 * Light or dark (decision 0159). The page follows the system's theme by itself: app.css's colours
 * are light-dark() pairs under `color-scheme: light dark`. A device that chose one in Settings is
 * marked `<html data-theme="light|dark">`: before the first paint by index.html's script, which
 * reads the stored choice as `toChoice` does, and here when the choice changes. Nothing of this
 * loads with the first route: only Settings and the chart use it.
 */
export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];
export type Theme = 'light' | 'dark';

/**
 * The stored choice, under a key of its own as the positions' switch has (not in STORAGE_KEYS, which
 * loads with the first route); index.html's script reads the same key.
 */
export const THEME_KEY = 'theme';
/** Kept as long as the device: a theme is not a preference that should lapse. */
const REMEMBERED_SECONDS = 10 * 365 * 86_400;
const SYSTEM_DARK = '(prefers-color-scheme: dark)';

/** A stored value as a choice: anything but light or dark (nothing, an unknown word) is the system's. */
export function toChoice(stored: unknown): ThemeChoice {
  return stored === 'light' || stored === 'dark' ? stored : 'system';
}

/** The theme a choice shows, given whether the system is dark now. */
export function shownTheme(choice: ThemeChoice, systemDark: boolean): Theme {
  if (choice !== 'system') return choice;
  return systemDark ? 'dark' : 'light';
}

/** Marks the page with a choice: `data-theme` for light or dark, no mark for the system's. */
export function markPage(root: { dataset: DOMStringMap }, choice: ThemeChoice): void {
  if (choice === 'system') delete root.dataset.theme;
  else root.dataset.theme = choice;
}

/** This device's choice. */
export function storedChoice(): ThemeChoice {
  return toChoice(cache.get(THEME_KEY));
}

/** Keeps a choice on this device and shows it at once (the system's: forgets the choice). */
export function chooseTheme(choice: ThemeChoice): void {
  if (choice === 'system') cache.remove(THEME_KEY);
  else cache.set(THEME_KEY, choice, REMEMBERED_SECONDS);
  markPage(document.documentElement, choice);
}

/** The theme the page shows now. */
export function currentTheme(): Theme {
  return shownTheme(toChoice(document.documentElement.dataset.theme), matchMedia(SYSTEM_DARK).matches);
}

/**
 * Calls `listener` when the theme shown changes: by a choice (the page's mark) or, on the system's,
 * by the system (a phone turning dark at sunset). For what CSS cannot colour: the chart's canvas.
 */
export function onThemeChange(listener: (theme: Theme) => void): () => void {
  let last = currentTheme();
  const check = () => {
    const now = currentTheme();
    if (now === last) return;
    last = now;
    listener(now);
  };
  const system = matchMedia(SYSTEM_DARK);
  system.addEventListener('change', check);
  const marks = new MutationObserver(check);
  marks.observe(document.documentElement, { attributeFilter: ['data-theme'] });
  return () => {
    system.removeEventListener('change', check);
    marks.disconnect();
  };
}

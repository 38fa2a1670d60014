import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';

/**
 * Japanese for the test browser. This machine and CI have no CJK fonts, so Chromium draws
 * Japanese as empty boxes; a Japanese phone has them (Hiragino Sans, Noto Sans CJK), and the app
 * relies on the system font stack for them (no webfont: the first route's budget is tight). So the
 * test side, and only it, brings Noto Sans JP (@fontsource, the e2e workspace's devDependency):
 * its files are answered from node_modules on a private path, and it is appended to the app's
 * stack as the last fallback with its faces cut to CJK code points, so Latin text is drawn as
 * before and only kana, kanji and the like fall through to it. (A routed context skips the HTTP
 * cache; each journey's context is new anyway.)
 */
const dir = path.dirname(createRequire(import.meta.url).resolve('@fontsource/noto-sans-jp/package.json'));
const PATH = '/__e2e-fonts/';
/** The weights the app's CSS asks for; the font's subsets load only when a page draws them. */
const WEIGHTS = [400, 500, 600, 700, 800];

/**
 * Where the font takes over: CJK radicals, kana, kanji, fullwidth forms. Its ranges below are
 * dropped, since none of the app's families exist here and `sans-serif` does not stop the search:
 * Latin, digits and spaces would be drawn in Noto Sans JP too, in every language.
 */
const CJK_FROM = 0x2e80;
const hex = (n: number) => n.toString(16).toUpperCase();

/** A unicode-range with what lies below CJK_FROM cut off; empty when nothing is left. */
function cjkOnly(range: string): string {
  return range
    .split(',')
    .flatMap((r) => {
      const [from = 0, to = from] = r
        .trim()
        .slice(2)
        .split('-')
        .map((h) => Number.parseInt(h, 16));
      if (to < CJK_FROM) return [];
      const start = Math.max(from, CJK_FROM);
      return [start === to ? `U+${hex(to)}` : `U+${hex(start)}-${hex(to)}`];
    })
    .join(',');
}

let css: Promise<string> | undefined;
/** The package's @font-face rules, CJK only, woff2 only, pointed at PATH, and the fallback rule. */
function stylesheet(): Promise<string> {
  css ??= Promise.all(WEIGHTS.map((w) => readFile(path.join(dir, `${w}.css`), 'utf8'))).then((files) => {
    const faces = files.join('\n').match(/@font-face\s*\{[^}]*\}/g) ?? [];
    return [
      ...faces.flatMap((face) => {
        const range = cjkOnly(face.match(/unicode-range:([^;]*);/)?.[1] ?? '');
        if (!range) return [];
        return face
          .replace(/unicode-range:[^;]*;/, `unicode-range: ${range};`)
          .replace(
            /src:[^;]*url\(\.\/files\/([\w.-]+\.woff2)\)[^;]*;/,
            `src: url(${PATH}$1) format('woff2');`,
          );
      }),
      // The app's html, body rule sets `font-family: var(--font)`; this one wins on specificity.
      `html:root, html > body { font-family: var(--font, sans-serif), 'Noto Sans JP'; }`,
    ].join('\n');
  });
  return css;
}

/** Every page of the context can draw Japanese. */
export async function japaneseFonts(context: BrowserContext): Promise<void> {
  await context.route(`**${PATH}**`, async (route) => {
    const file = path.basename(new URL(route.request().url()).pathname);
    const body = await readFile(path.join(dir, 'files', file)).catch(() => undefined);
    if (!body) return route.fulfill({ status: 404 });
    return route.fulfill({ body, contentType: 'font/woff2', headers: { 'cache-control': 'max-age=86400' } });
  });
  // A constructed sheet needs no <head>: the script runs before the page's own HTML.
  await context.addInitScript(
    (text) => {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(text);
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    },
    await stylesheet(),
  );
}

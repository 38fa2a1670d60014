import { describe, expect, it } from 'vitest';
import { PAGES, ROUTES } from './areas.ts';
import listSource from './areas.ts?raw';
import { hashPath } from './preloadPage.ts';
import {
  areaFiles,
  type BuiltChunk,
  depsToPreload,
  openRoutes,
  pageModules,
  preloadMap,
  preloadScript,
} from './routePreload.ts';

/** Every area's file (not the kernel's `area.ts`), by its path relative to app/. */
const AREA_SOURCES: Record<string, string> = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>('../*/area.ts', { query: '?raw', import: 'default', eager: true }),
  ).filter(([file]) => file !== './area.ts'),
);

const chunk = (file: string, more: Partial<BuiltChunk> = {}): BuiltChunk => ({
  file,
  moduleId: null,
  isEntry: false,
  imports: [],
  css: [],
  ...more,
});

/** A build: the entry with a shared chunk, home's page and the market list's, strings chunks. */
const CHUNKS: BuiltChunk[] = [
  chunk('assets/index-1.js', { isEntry: true, imports: ['assets/react-1.js'], css: ['assets/index-1.css'] }),
  chunk('assets/react-1.js'),
  chunk('assets/HomePage-1.js', {
    moduleId: '/app/src/home/HomePage.tsx',
    imports: ['assets/tickers-1.js', 'assets/react-1.js'],
    css: ['assets/HomePage-1.css'],
  }),
  chunk('assets/tickers-1.js', { css: ['assets/tickers-1.css'] }),
  chunk('assets/QuotationPage-1.js', {
    moduleId: '/app/src/market/QuotationPage.tsx',
    imports: ['assets/tickers-1.js'],
  }),
  chunk('assets/strings-en-rest-a1.js'),
  chunk('assets/strings-de-first-b2.js'),
  chunk('assets/strings-de-rest-c-3.js'),
  chunk('assets/strings-zh-TW-rest-d4.js'),
];
const PAGE_MODULES = new Map([
  ['/', '/app/src/home/HomePage.tsx'],
  ['/pages/index/quotation', '/app/src/market/QuotationPage.tsx'],
  ['/pages/index/gone', '/app/src/gone/GonePage.tsx'],
]);
const MAP = preloadMap(CHUNKS, PAGE_MODULES, ['/pages/index/quotation']);

/** What the inline script asks for, run against a page at `hash` with this storage and browser. */
function preloads(hash: string, storedLang: string | null, browserLang: string): string[] {
  const added: { rel: string; as?: string; href: string; crossOrigin: string | null }[] = [];
  const document = {
    createElement: () => ({ rel: '', href: '', crossOrigin: null }),
    head: { appendChild: (link: (typeof added)[number]) => added.push(link) },
  };
  const localStorage = { getItem: (key: string) => (key === 'lang' ? storedLang : null) };
  const run = new Function('location', 'localStorage', 'navigator', 'document', preloadScript(MAP));
  run({ hash }, localStorage, { language: browserLang }, document);
  for (const link of added) expect(link.crossOrigin).toBe('');
  return added.map((l) => `${l.rel}${l.as ? `:${l.as}` : ''} ${l.href}`);
}

describe('the first route preload', () => {
  it('reads every route of the area list with its page module and whether it is open, area by area', () => {
    const files = areaFiles(listSource);
    expect([...files].sort()).toEqual(Object.keys(AREA_SOURCES).sort());
    const modules = new Map<string, string>();
    const open: string[] = [];
    for (const file of files) {
      const area = file.replace(/area\.ts$/, '');
      for (const [route, module] of pageModules(AREA_SOURCES[file] ?? ''))
        modules.set(route, `${area}${module.replace(/^\.\//, '')}`);
      open.push(...openRoutes(AREA_SOURCES[file] ?? ''));
    }
    expect([...modules.keys()].sort()).toEqual(Object.keys(PAGES).sort());
    expect(open.sort()).toEqual(
      ROUTES.filter((r) => r.public)
        .map((r) => r.path)
        .sort(),
    );
    expect(modules.get('/')).toBe('../home/HomePage.tsx');
    expect(modules.get('/pages/index/index')).toBe('../home/HomePage.tsx');
    expect(modules.get('/pages/index/quotation')).toBe('../market/QuotationPage.tsx');
  });

  it("lists a page's chunk, its imports and their styles, less what the entry loads", () => {
    const files = (route: string) => (MAP.routes[route] ?? []).map((i) => MAP.files[i]);
    expect(files('/')).toEqual([
      'assets/HomePage-1.js',
      'assets/HomePage-1.css',
      'assets/tickers-1.js',
      'assets/tickers-1.css',
    ]);
    expect(files('/pages/index/quotation')).toEqual([
      'assets/QuotationPage-1.js',
      'assets/tickers-1.js',
      'assets/tickers-1.css',
    ]);
    // A route whose page is not in the build preloads nothing.
    expect(MAP.routes['/pages/index/gone']).toBeUndefined();
  });

  it('preloads the route the address opens on, and the strings it waits for', () => {
    expect(preloads('', null, 'en-US')).toEqual([
      'modulepreload ./assets/HomePage-1.js',
      'preload:style ./assets/HomePage-1.css',
      'modulepreload ./assets/tickers-1.js',
      'preload:style ./assets/tickers-1.css',
    ]);
    expect(preloads('#/pages/index/quotation/?tab=crypto', null, 'en')).toEqual([
      'modulepreload ./assets/QuotationPage-1.js',
      'modulepreload ./assets/tickers-1.js',
      'preload:style ./assets/tickers-1.css',
      'modulepreload ./assets/strings-en-rest-a1.js',
    ]);
    expect(preloads('#/pages/login/nowhere', null, 'en')).toEqual([]);
  });

  it("takes the stored language over the browser's, and a language's first tier", () => {
    const de = JSON.stringify({ v: 'de', e: Date.now() + 60_000 });
    expect(preloads('#/', de, 'en-US')).toContain('modulepreload ./assets/strings-de-first-b2.js');
    expect(preloads('#/pages/index/quotation', de, 'en-US')).toEqual(
      expect.arrayContaining(['modulepreload ./assets/strings-de-rest-c-3.js']),
    );
    expect(preloads('#/pages/index/quotation', null, 'zh-TW')).toContain(
      'modulepreload ./assets/strings-zh-TW-rest-d4.js',
    );
    // Unreadable storage falls back to the browser's language.
    expect(preloads('#/pages/index/quotation', '{not json', 'de-AT')).toContain(
      'modulepreload ./assets/strings-de-rest-c-3.js',
    );
  });

  it('preloads for a lazy import only what its importer has not loaded with its static imports', () => {
    const byFile = new Map(CHUNKS.map((c) => [c.file, c]));
    const deps = ['assets/QuotationPage-1.js', 'assets/tickers-1.js', 'assets/react-1.js'];
    expect(depsToPreload('assets/index-1.js', deps, byFile)).toEqual([
      'assets/QuotationPage-1.js',
      'assets/tickers-1.js',
    ]);
    // From home's chunk, the shared chunk it imports is there already too.
    expect(depsToPreload('assets/HomePage-1.js', deps, byFile)).toEqual(['assets/QuotationPage-1.js']);
    expect(depsToPreload('assets/unknown.js', deps, byFile)).toEqual(deps);
  });

  it('reads the route path of an address as the router does', () => {
    expect(hashPath('')).toBe('/');
    expect(hashPath('#/')).toBe('/');
    expect(hashPath('#/pages/index/search?q=btc')).toBe('/pages/index/search');
  });
});

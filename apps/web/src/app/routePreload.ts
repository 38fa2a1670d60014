/**
 * What index.html preloads for the route it opens on (issue 13), computed at build time by the
 * `route-preload` Vite plugin (apps/web/route-preload.ts). The app loads a route's page only once
 * its entry has downloaded and run; on a phone's network that is one more round trip before the
 * page shows. index.html knows the route from the address (hash routes), so a small inline script
 * asks for the page's chunks and styles beside the entry instead. Pure, so it is tested alone.
 */

/** A built JavaScript chunk, as much of it as the preload needs. */
export interface BuiltChunk {
  file: string;
  /** The module the chunk is for (its facade), absolute; null for a shared chunk. */
  moduleId: string | null;
  isEntry: boolean;
  /** Chunks it imports statically (file names). */
  imports: readonly string[];
  css: readonly string[];
}

/**
 * Files by index; for each route the indexes of what to preload; for each language the index of its
 * strings chunks (English's first tier is in the entry); the routes that wait for the rest tier.
 */
export interface PreloadMap {
  files: string[];
  routes: Record<string, number[]>;
  strings: Record<string, { first?: number; rest?: number }>;
  needRest: string[];
}

/** vite.config's name of a strings chunk: `assets/strings-<lang>-<tier>-<hash>.js`. */
const STRINGS_FILE = /^assets\/strings-([\w-]+)-(first|rest)-[\w-]+\.js$/;

const LOADER = /const\s+(\w+)\s*:\s*PageLoader\s*=\s*\(\)\s*=>\s*import\('([^']+)'\)/g;
const ENTRY = /'([^']+)'\s*:\s*(?:\(\)\s*=>\s*import\('([^']+)'\)|(\w+))/g;
const AREA_FILES = /^import\s*\{[^}]*\}\s*from\s*'(\.\.\/[^']+\/area\.ts)';/gm;
const OPEN_ROUTE = /\bopen\(\s*'([^']+)'/g;

/**
 * The areas' files the area list (app/areas.ts) joins, read from its source: their paths relative
 * to app/.
 */
export function areaFiles(listSource: string): string[] {
  return [...listSource.matchAll(AREA_FILES)].map((m) => m[1] as string);
}

/**
 * The routes an area's `area.ts` opens to guests (declared with `open`), read from its source
 * (importing it would pull every page into the build's config).
 */
export function openRoutes(areaSource: string): string[] {
  return [...areaSource.matchAll(OPEN_ROUTE)].map((m) => m[1] as string);
}

/**
 * The page module of each route of an area's page table (its `area.ts`'s `pages`), read from its
 * source (importing it would pull every page into the build's config): route path → module path
 * relative to the area's folder.
 */
export function pageModules(areaSource: string): Map<string, string> {
  const named = new Map<string, string>();
  for (const [, name, module] of areaSource.matchAll(LOADER)) named.set(name as string, module as string);
  const table = areaSource.slice(Math.max(0, areaSource.indexOf('pages: {')));
  const modules = new Map<string, string>();
  for (const [, path, module, name] of table.matchAll(ENTRY)) {
    const resolved = module ?? named.get(name as string);
    if (resolved) modules.set(path as string, resolved);
  }
  return modules;
}

/**
 * What a lazy import in `host` has to preload of `deps`: those the host has not loaded already with
 * its static imports (they ran before the lazy import could). Vite names them all, and the entry's
 * page table names every page's: naming them again only weighs on the first route.
 */
export function depsToPreload(
  host: string,
  deps: readonly string[],
  byFile: ReadonlyMap<string, BuiltChunk>,
): string[] {
  const start = byFile.get(host);
  if (!start) return [...deps];
  const loaded = new Set(closure(start, byFile).map((c) => c.file));
  return deps.filter((dep) => !loaded.has(dep));
}

/** A chunk and every chunk it imports statically, by file name. */
function closure(start: BuiltChunk, byFile: ReadonlyMap<string, BuiltChunk>): BuiltChunk[] {
  const seen = new Map<string, BuiltChunk>();
  const visit = (chunk: BuiltChunk) => {
    if (seen.has(chunk.file)) return;
    seen.set(chunk.file, chunk);
    for (const file of chunk.imports) {
      const next = byFile.get(file);
      if (next) visit(next);
    }
  };
  visit(start);
  return [...seen.values()];
}

/**
 * For each route (path → absolute module id of its page), the page's chunk, the chunks it imports
 * and their styles, less what index.html loads already (the entry and its static imports).
 */
export function preloadMap(
  chunks: readonly BuiltChunk[],
  pages: ReadonlyMap<string, string>,
  needRest: readonly string[],
): PreloadMap {
  const byFile = new Map(chunks.map((c) => [c.file, c]));
  const entry = chunks.find((c) => c.isEntry);
  const loaded = new Set<string>();
  for (const chunk of entry ? closure(entry, byFile) : []) {
    loaded.add(chunk.file);
    for (const css of chunk.css) loaded.add(css);
  }
  const files: string[] = [];
  const indexOf = (file: string) => {
    let i = files.indexOf(file);
    if (i < 0) i = files.push(file) - 1;
    return i;
  };
  const routes: Record<string, number[]> = {};
  for (const [path, moduleId] of pages) {
    const page = chunks.find((c) => c.moduleId === moduleId);
    if (!page) continue;
    const wanted = closure(page, byFile).flatMap((c) => [c.file, ...c.css]);
    const missing = [...new Set(wanted)].filter((f) => !loaded.has(f));
    if (missing.length > 0) routes[path] = missing.map(indexOf);
  }
  const strings: PreloadMap['strings'] = {};
  for (const chunk of chunks) {
    const m = STRINGS_FILE.exec(chunk.file);
    if (!m || loaded.has(chunk.file)) continue;
    const [, lang, tier] = m as unknown as [string, string, 'first' | 'rest'];
    strings[lang] = { ...strings[lang], [tier]: indexOf(chunk.file) };
  }
  return { files, routes, strings, needRest: [...needRest] };
}

/**
 * The inline script: the route from the address (as app/preloadPage.ts's hashPath and
 * app/routes.ts's routeFinder read it), then a modulepreload per chunk and a style preload per sheet,
 * with `crossorigin` as the app's own requests for them have, so the browser uses the preloads.
 * The strings: the stored language, else the browser's (a guess: i18n/languages.ts decides; a
 * wrong one costs a few kilobytes, nothing else).
 */
export function preloadScript(map: PreloadMap): string {
  return `(function(){
var d=${JSON.stringify(map)};
var p=location.hash.slice(1).split('?')[0]||'/';if(p.length>1)p=p.replace(/\\/+$/,'');
var r=(d.routes[p]||[]).slice(),g;
try{g=JSON.parse(localStorage.getItem('lang')).v}catch(e){}
if(!d.strings[g]){g=navigator.language||'';if(!d.strings[g])g=g.split('-')[0]}
var s=d.strings[g]||{};
if(s.first!=null)r.push(s.first);
if(s.rest!=null&&d.needRest.indexOf(p)>=0)r.push(s.rest);
for(var i=0;i<r.length;i++){var f=d.files[r[i]],l=document.createElement('link');
if(/\\.css$/.test(f)){l.rel='preload';l.as='style'}else l.rel='modulepreload';
l.crossOrigin='';l.href='./'+f;document.head.appendChild(l)}
})();`;
}

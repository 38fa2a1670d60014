import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const here = import.meta.dirname;

/** Each language's `offline` strings (every locale file), read from the files as offline-proof.ts does. */
function texts(): Record<string, Record<string, string>> {
  const dir = path.join(here, 'src/i18n/locales');
  return Object.fromEntries(
    readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => [f.slice(0, -'.json'.length), JSON.parse(readFileSync(path.join(dir, f), 'utf8')).offline]),
  );
}

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;min-height:100vh;display:flex;flex-direction:column;align-items:center;justify-content:center;padding:24px;box-sizing:border-box;text-align:center;color:#1e2329;background:#f5f6f8}
svg{width:72px;height:72px}h1{font-size:1.3rem;margin:20px 0 8px}p{margin:0 0 24px;max-width:22rem;color:#474d57}
button{min-height:44px;padding:0 28px;border:0;border-radius:10px;background:#1261d6;color:#fff;font:inherit;font-weight:600}`;

/**
 * The page shown when the app is reloaded with no network, and the service worker that shows it
 * (issue 31, decision 0143): `offline.html` is one file that needs no request (its icon is drawn
 * inline), in the reader's language (the app's stored choice, else the browser's); `sw.js` caches it
 * at install under a name that changes with it, and answers a failed navigation of the app (never
 * /admin, never /api) with it. Nothing else is cached or intercepted: prices and balances are never
 * served stale from a cache.
 */
export function offlinePage(): Plugin {
  return {
    name: 'offline-page',
    apply: 'build',
    generateBundle() {
      const data = JSON.stringify(texts()).replaceAll('<', '\\u003c');
      // The language: the app's stored choice ({v, e} in localStorage 'lang'), else the browser's.
      const script = `(function(){var all=JSON.parse(document.getElementById("texts").textContent),l;try{l=JSON.parse(localStorage.getItem("lang")).v}catch(e){}if(!all[l]){l=(navigator.language||"en").toLowerCase();l=l.indexOf("zh")===0?"zh-TW":all[l]?l:l.split("-")[0];if(!all[l])l="en"}var t=all[l];document.documentElement.lang=l;document.title=t.title;document.getElementById("title").textContent=t.title;document.getElementById("text").textContent=t.text;var b=document.getElementById("retry");b.textContent=t.retry;b.addEventListener("click",function(){location.reload()})})();`;
      const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="theme-color" content="#ffffff">
<title>OTC Markets</title>
<style>${STYLE}</style>
<script type="application/json" id="texts">${data}</script>
</head>
<body data-testid="offline-page">
<svg viewBox="0 0 32 32" aria-hidden="true"><rect width="32" height="32" rx="7" fill="#1261d6"/><path d="M7 22l6-6 4 4 8-9" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/></svg>
<h1 id="title"></h1>
<p id="text"></p>
<button id="retry" type="button" data-testid="offline-retry"></button>
<script>${script}</script>
</body>
</html>
`;
      const version = createHash('sha256').update(html).digest('hex').slice(0, 12);
      const worker = `// The app's service worker (apps/web/offline-page.ts, decision 0143): the offline page, nothing else.
const CACHE = 'otc-offline-${version}';
const PAGE = '/offline.html';
self.addEventListener('install', (e) => {
  e.waitUntil(caches.open(CACHE).then((c) => c.add(PAGE)).then(() => self.skipWaiting()));
});
self.addEventListener('activate', (e) => {
  e.waitUntil(
    caches.keys().then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k)))).then(() => self.clients.claim()),
  );
});
self.addEventListener('fetch', (e) => {
  const request = e.request;
  if (request.mode !== 'navigate') return;
  const path = new URL(request.url).pathname;
  if (path.startsWith('/admin') || path.startsWith('/api')) return;
  e.respondWith(fetch(request).catch(() => caches.match(PAGE)));
});
`;
      this.emitFile({ type: 'asset', fileName: 'offline.html', source: html });
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: worker });
    },
  };
}

import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import {
  areaFiles,
  type BuiltChunk,
  openRoutes,
  pageModules,
  preloadMap,
  preloadScript,
} from './src/app/routePreload.ts';

const APP_DIR = path.resolve(import.meta.dirname, 'src/app');

/**
 * Writes into index.html a small script that preloads the page of the route the address opens on
 * (src/app/routePreload.ts says why). Only the routes open to guests: a guarded route shows a
 * guest the login prompt, and a signed-in user's page is asked for as the app starts
 * (app/preloadPage.ts).
 */
export function routePreload(): Plugin {
  return {
    name: 'route-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return;
        const chunks: BuiltChunk[] = Object.values(bundle).flatMap((out) =>
          out.type === 'chunk'
            ? [
                {
                  file: out.fileName,
                  moduleId: out.facadeModuleId,
                  isEntry: out.isEntry,
                  imports: out.imports,
                  css: [...(out.viteMetadata?.importedCss ?? [])],
                },
              ]
            : [],
        );
        // Each route's page module, absolute, and the routes open to guests, from the areas'
        // files the area list joins (read, not imported: they import every page, lazily).
        const modules = new Map<string, string>();
        const open = new Set<string>();
        for (const file of areaFiles(readFileSync(path.join(APP_DIR, 'areas.ts'), 'utf8'))) {
          const area = path.dirname(path.resolve(APP_DIR, file));
          const source = readFileSync(path.resolve(APP_DIR, file), 'utf8');
          for (const [route, module] of pageModules(source)) modules.set(route, path.resolve(area, module));
          for (const route of openRoutes(source)) open.add(route);
        }
        const pages = new Map([...modules].filter(([route]) => open.has(route)));
        // Every route but home waits for the rest of the strings (app/router.tsx).
        const home = modules.get('/');
        const needRest = [...pages.keys()].filter((route) => modules.get(route) !== home);
        const map = preloadMap(chunks, pages, needRest);
        // Before the stylesheet: a script waits for the style sheets above it to load before it
        // runs, which held the page's preloads back by one round trip (issue 13). After the title,
        // so the charset stays in the first 1024 bytes.
        if (!html.includes('</title>')) throw new Error('route-preload: index.html has no <title>');
        return html.replace('</title>', () => `</title>\n    <script>${preloadScript(map)}</script>`);
      },
    },
  };
}

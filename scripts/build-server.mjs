import { cp, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/**
 * The server as one ES module for plain `node` (`apps/server/dist/main.js`, and `serve.js`, whose
 * `startServer` `npm start` calls while the apps build: `serve.ts`): loading it skips
 * compiling ~250 TypeScript files through tsx at every start. The npm packages are bundled too:
 * resolving and loading their hundreds of files one by one (viem alone is hundreds) was most of the
 * bundle's import at a start (1.2 s against 0.55 s bundled, measured 2026-11-28). Those that read
 * files beside their own code (PGlite's WebAssembly, the API docs' static pages, pino's worker
 * threads, sharp's native binary) stay imports from node_modules (EXTERNAL); `require` is given to the bundled CommonJS
 * packages that call it for their optional parts. The migrations are copied beside it, where
 * db/migrate.ts looks for them (next to the module). Tests and `npm run dev` run the sources.
 * esbuild is the one tsx runs on.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
// `--out DIR` builds elsewhere (the bundle's own test builds a copy of its own).
const outAt = process.argv.indexOf('--out');
const out = outAt > 0 ? path.resolve(process.argv[outAt + 1] ?? '') : path.join(root, 'apps/server/dist');

/** npm packages that find their own files by their location: never bundled. */
const EXTERNAL = [
  '@electric-sql/pglite',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  'pino',
  'thread-stream',
  'sharp',
];

await rm(out, { recursive: true, force: true });
await build({
  entryPoints: {
    main: path.join(root, 'apps/server/src/main.ts'),
    // `npm start` (scripts/start.mjs) starts the server beside the apps' builds through this one.
    serve: path.join(root, 'apps/server/src/serve.ts'),
  },
  outdir: out,
  bundle: true,
  platform: 'node',
  format: 'esm',
  // main.js and serve.js share one chunk of the server's code (beside them, with the migrations).
  splitting: true,
  target: 'node20',
  sourcemap: true,
  sourcesContent: false,
  logLevel: 'warning',
  banner: {
    js: "import { createRequire as __otcRequire } from 'node:module'; const require = __otcRequire(import.meta.url);",
  },
  plugins: [
    {
      name: 'located-packages-external',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          EXTERNAL.some((e) => args.path === e || args.path.startsWith(`${e}/`))
            ? { path: args.path, external: true }
            : undefined,
        );
      },
    },
  ],
});
await cp(path.join(root, 'apps/server/src/db/migrations'), path.join(out, 'migrations'), { recursive: true });

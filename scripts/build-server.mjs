import { cp, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/**
 * The server as one ES module for plain `node` (`apps/server/dist/main.js`, and `serve.js`, whose
 * `startServer` `npm start` calls while the apps build: `serve.ts`): loading it skips
 * compiling ~250 TypeScript files through tsx at every start. Only our own code is bundled (the
 * server and the workspace packages it imports, which are TypeScript); every npm package stays an
 * import from node_modules, as from the sources. The migrations are copied beside it, where
 * db/migrate.ts looks for them (next to the module). Tests and `npm run dev` run the sources.
 * esbuild is the one tsx runs on.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const out = path.join(root, 'apps/server/dist');

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
  logLevel: 'warning',
  plugins: [
    {
      name: 'npm-packages-external',
      setup(b) {
        // A bare import is an npm package unless it is one of the workspace's own (@otc/...).
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@otc/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
await cp(path.join(root, 'apps/server/src/db/migrations'), path.join(out, 'migrations'), { recursive: true });

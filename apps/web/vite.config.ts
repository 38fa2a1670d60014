import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../../scripts/precompress.ts';
import { localeTiers, stringsChunkFileName } from './locale-tiers.ts';
import { offlinePage } from './offline-page.ts';
import { offlineProofPage } from './offline-proof.ts';
import { preloadDeps } from './preload-deps.ts';
import { routePreload } from './route-preload.ts';
import { stripEndpointSummaries } from './strip-summaries.ts';

const deps = preloadDeps();

const API_TARGET = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [
    stripEndpointSummaries(),
    react(),
    localeTiers(),
    deps.plugin,
    routePreload(),
    offlineProofPage(),
    offlinePage(),
    precompress(),
  ],
  // Relative base: the built app works from any folder the server mounts it on (hash routes).
  base: './',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The manifest lets scripts/budget.mjs weigh exactly what the first route loads.
    manifest: true,
    modulePreload: { resolveDependencies: deps.resolveDependencies },
    rolldownOptions: {
      output: {
        // Seven characters of hash, not the default eight: every chunk's name is written in the entry
        // (the lazy pages' imports and preload lists), and a hash is what gzip cannot shrink; that
        // eighth character cost the first route 226 B (decision 0124's addendum). Seven is rolldown's
        // own minimum below 4,096 chunks; 42 bits tell the files of one name apart.
        chunkFileNames: (chunk) => stringsChunkFileName(chunk.facadeModuleId) ?? 'assets/[name]-[hash:7].js',
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/ws': { target: API_TARGET, ws: true, changeOrigin: true },
    },
  },
});

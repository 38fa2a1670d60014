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
        // A lazy page (or lazy library) keeps its name, which tells on the network which route
        // loaded; a shared chunk, named after whichever module rolldown picked and written in many
        // pages' preload lists, is its hash alone (the manifest maps it back): 0.3 KB of the first
        // route (decision 0147's addendum).
        chunkFileNames: (chunk) =>
          stringsChunkFileName(chunk.facadeModuleId) ??
          (chunk.isDynamicEntry ? 'assets/[name]-[hash:7].js' : 'assets/[hash:7].js'),
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

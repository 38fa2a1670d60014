import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { localeTiers } from './locale-tiers.ts';

const API_TARGET = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), localeTiers()],
  // Relative base: the built app works from any folder the server mounts it on (hash routes).
  base: './',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The manifest lets scripts/budget.mjs weigh exactly what the first route loads.
    manifest: true,
    rolldownOptions: {
      output: {
        // Strings chunks by language and tier (strings-de-rest-…), so a look at the network tells them apart.
        chunkFileNames: (chunk) => {
          const tier = /^\0locale-tier:(first|rest):.*\/([\w-]+)\.json\.js$/.exec(chunk.facadeModuleId ?? '');
          return tier ? `assets/strings-${tier[2]}-${tier[1]}-[hash].js` : 'assets/[name]-[hash].js';
        },
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

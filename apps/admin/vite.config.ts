import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../../scripts/precompress.ts';

// Served by the API server under /admin/ (hash routes), so every asset URL carries that base.
export default defineConfig({
  base: '/admin/',
  plugins: [react(), precompress()],
  // The web app's icons, so the back office's tab shows the same mark.
  publicDir: '../web/public',
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    port: 5174,
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: true },
    },
  },
});

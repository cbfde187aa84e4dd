import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

/**
 * The café's zone is baked in at build time so "today" in the browser is today in the café.
 * VITE_BUSINESS_TIME_ZONE wins, then the server's BUSINESS_TIME_ZONE; the app falls back to
 * contracts' DEFAULT_TIME_ZONE when both are empty.
 */
const zone = process.env.VITE_BUSINESS_TIME_ZONE ?? process.env.BUSINESS_TIME_ZONE ?? '';

export default defineConfig({
  plugins: [react()],
  resolve: {
    // Deep imports of single contract modules (e.g. '@cafe/contracts/business') keep zod and luxon
    // out of the landing page's first chunk; the forms, loaded later, import the whole package.
    alias: [{ find: /^@cafe\/contracts\/(.+)$/, replacement: fileURLToPath(new URL('../contracts/src/$1', import.meta.url)) }],
  },
  define: {
    'import.meta.env.VITE_BUSINESS_TIME_ZONE': JSON.stringify(zone),
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // Only the landing page's own code is preloaded; lazy chunks (dashboard, dialogs) load on demand.
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 700,
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
});

import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './scripts/precompress';
import { DARK_PALETTE } from './src/ui/palette';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:8080';

/** Dark default theme (src/ui/tokens.css --bg); the installed app's splash and title bar use it. */
const themeColor = DARK_PALETTE.bg;

/** Names this build: stored page answers of another build are not shown (src/db/pageAnswers.ts). */
const buildId = new Date().toISOString();

export default defineConfig({
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  plugins: [
    react(),
    VitePWA({
      // Prompt mode: a new worker waits until the user confirms 'Great!' (src/app/pwa/UpdatePrompt.tsx).
      registerType: 'prompt',
      // Registration runs from the bundled module (src/app/pwa/registerServiceWorker.ts); the CSP
      // forbids inline script, so the plugin injects nothing into index.html.
      injectRegister: false,
      // The glob below already precaches every public icon; listing them again would duplicate entries.
      includeManifestIcons: false,
      manifest: {
        name: 'GET Energy Portal',
        short_name: 'GET',
        description: 'Utility bills and energy data for your company, online and offline.',
        id: '/',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: themeColor,
        theme_color: themeColor,
        categories: ['business', 'productivity'],
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The app shell, every lazy route chunk, styles, icons, fonts and the worker bundles (the plugin adds
        // manifest.webmanifest itself).
        globPatterns: ['**/*.{js,mjs,css,html,svg,png,ico,woff,woff2,wasm}'],
        // Large lazy chunks (spreadsheet export, charts) must be precached too, or those routes fail offline.
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
        // Any client route loads offline from the shell; API calls are never answered with HTML.
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
        // No runtimeCaching: API data lives in IndexedDB, never in the service worker's caches.
        cleanupOutdatedCaches: true,
        // The update prompt decides when a new worker takes over.
        skipWaiting: false,
        clientsClaim: false,
      },
    }),
    // Last: the .br/.gz copies include sw.js and the workbox runtime the PWA plugin writes when the bundle closes.
    precompress(),
  ],
  server: { proxy: { '/api': { target: apiTarget, changeOrigin: false } } },
  build: { target: 'es2022', sourcemap: true },
  worker: { format: 'es' },
});

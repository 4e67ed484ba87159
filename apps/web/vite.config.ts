import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

export default defineConfig({
  // Relative asset URLs: the server injects <base href> for the router base path,
  // so one build serves any base path without a rebuild.
  base: './',
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({
      // Registered by src/shared/startup/service-worker.ts after load, never inside the dev server.
      injectRegister: false,
      registerType: 'autoUpdate',
      manifest: {
        id: './',
        name: 'fxid games',
        short_name: 'fxid',
        description: 'Play browser games with one account.',
        start_url: './',
        scope: './',
        display: 'standalone',
        background_color: '#0b1120',
        theme_color: '#0b1120',
        icons: [{ src: 'brand/logo.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
      },
      workbox: {
        // index.html is never precached: the server injects the page configuration into
        // it per deployment, so the raw build file would boot the portal misconfigured.
        globPatterns: ['**/*.{js,css,svg,webmanifest}'],
        // The debug console is for developers who ask for it; never worth a player's cache.
        globIgnores: ['**/*.map', '**/eruda-*.js'],
        navigateFallback: null,
        navigateFallbackDenylist: [/^\/api\//],
        runtimeCaching: [
          {
            // Pages come from the network (with the injected configuration) and work offline afterwards.
            urlPattern: ({ request, url }) => request.mode === 'navigate' && !url.pathname.includes('/api/'),
            handler: 'NetworkFirst',
            options: { cacheName: 'fxid-pages', networkTimeoutSeconds: 4, expiration: { maxEntries: 20 } },
          },
        ],
      },
    }),
  ],
  // Workspace packages are consumed from their TypeScript sources.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  // The manifest lets bench/portal-budget.mjs map routes to their chunks.
  build: { outDir: 'dist', sourcemap: true, manifest: true },
});

import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * Shared helpers only lazily loaded features use (copy, download, e-mail checks, the error
 * page's navigation, the markdown renderer, sign-in through Firebase, whose SDK is 90 KB gzip,
 * and through VK ID): in the kit they, and the libraries they import, would cost every page's
 * first load. Domain code (entities/) stays out of the kit unless PAGE_KIT names it.
 */
const LAZY_ONLY =
  /src\/shared\/lib\/(download-image|clipboard|email-address|error-navigation|markdown|firebase\/|vkid\/)/;

/** Small modules every page loads: they travel in one chunk with the libraries (see `build`). */
const PAGE_KIT = [
  /src\/shared\/(ui|lib|config|api)\/(?!ModalFrame|MarkdownContent|modals\/)/,
  /src\/shared\/i18n\/language/,
  // The catalog, branding and account queries the layouts run on every page.
  /src\/entities\/(game\/|profile\/api\/account)/,
  /src\/shared\/ui\/modals\/(lazy-modals|ClosedWatcher)/,
  /src\/app\/layouts\/(Site|SkipLink|LanguageSelect|SignInNotice)/,
  /src\/features\/auth\/lib\/sign-in-progress/,
  // Tiny modules on the start pages' first load that lazy chunks share too (the alerts of the
  // landing and the player, the player's error and session helpers) and the bundler's runtime: each
  // was a chunk of its own, a request of a few hundred bytes on the way to the first paint (six of
  // the player's twelve scripts), for about 2 KB in the kit.
  /src\/entities\/(news\/NewsAlerts|analytics\/session)/,
  /packages\/(sdk|platforms)\/src\/(errors|no-ads)/,
  /rolldown\/runtime/,
];

/**
 * Modules the game channel shares only with the player's other lazy parts (host adapters, the
 * social and document modals): in one chunk with the channel, they arrive in one request when the
 * game starts instead of one each (the channel's own modules included, by the same patterns).
 */
const GAME_CHANNEL = [
  /src\/features\/player\/(host|analytics)\//,
  /src\/features\/player\/cloud\/(?!LeaderboardModal)/,
  /src\/features\/player\/api\/(social-sign-in|signed-purchases|cross-play)\./,
  /src\/features\/player\/(hooks\/use-host-handlers|components\/GameChannel)\./,
  /src\/entities\/friends\/(api\/(friends|invite-link|friend-status)|hooks\/use-invite-share)\./,
  /src\/shared\/ui\/modals\/(open-document-viewer|viewer-content)\./,
  /packages\/(contract\/src\/storage-limits|platforms\/src\/adapter|sdk\/src\/resolve-path)\./,
  // What only the channel imports stays with it too: left behind, it would import the group and
  // the group it (a cycle between two chunks).
  /src\/entities\/support\/(report-issue|open-report-issue)\./,
  /src\/entities\/(documents\/open-legal-document|purchase\/api\/purchases)\./,
  /src\/entities\/push\/(api\/save-push-token|hooks\/use-push-registration)\./,
  /packages\/contract\/src\/support-rules\./,
];

/**
 * The build renders with preact/compat instead of react-dom: react-dom was 62 KB gzip of every
 * page's first load and most of its start-up CPU, Preact with its compat layer is 11 KB. The dev
 * server and the unit tests keep React (fast refresh, its development checks); the browser suite
 * drives the build. Resolved from this package, wherever npm installed it, to the files the
 * browser condition picks, so that the compat layer's own imports find the same copy.
 */
function preactCompat() {
  const require = createRequire(import.meta.url);
  const preact = dirname(require.resolve('preact/package.json'));
  return [
    { find: /^react-dom\/client$/, replacement: fileURLToPath(new URL('./src/app/preact/client.ts', import.meta.url)) },
    { find: /^react-dom$/, replacement: join(preact, 'compat/dist/compat.module.js') },
    { find: /^react\/jsx-(dev-)?runtime$/, replacement: join(preact, 'compat/jsx-runtime.mjs') },
    { find: /^react$/, replacement: join(preact, 'compat/dist/compat.module.js') },
  ];
}

/** `react-router` and `react-router/dom` resolved to the production build inside the package. */
function reactRouterProductionBuild() {
  const require = createRequire(import.meta.url);
  const production = join(dirname(require.resolve('react-router/package.json')), 'dist/production');
  return [
    { find: /^react-router$/, replacement: join(production, 'index.mjs') },
    { find: /^react-router\/dom$/, replacement: join(production, 'dom-export.mjs') },
  ];
}

export default defineConfig(({ command }) => ({
  // Relative asset URLs: the server injects <base href> for the router base path,
  // so one build serves any base path without a rebuild.
  base: './',
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({
      // Registered by src/app/startup/service-worker.ts after load, never inside the dev server.
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
        // Shows pushed notifications and opens their page on click; a plain file in public/,
        // so the generated worker (and its rule that /api is never cached) stays as it is.
        importScripts: ['sw-push.js'],
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
  resolve: {
    // Workspace packages are consumed from their TypeScript sources.
    conditions: ['source', ...defaultClientConditions],
    // react-router's package exports map every import to its development build (dev warnings
    // and checks kept); the production build it ships beside it is smaller and quieter.
    // React itself is served by Preact in the build (see preactCompat).
    alias: command === 'build' ? [...reactRouterProductionBuild(), ...preactCompat()] : [],
  },
  // The manifest lets bench/portal-budget.mjs map routes to their chunks.
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    rolldownOptions: {
      output: {
        // The small shared modules every page loads (ui kit, api and config helpers, the layouts'
        // header and footer) travel in one chunk with the libraries: a dozen tiny chunks cost each
        // route its first-load budget in per-chunk overhead and lost compression.
        codeSplitting: {
          groups: [
            { name: 'kit', test: (id) => !LAZY_ONLY.test(id) && PAGE_KIT.some((pattern) => pattern.test(id)) },
            // Only the modules named: what they import stays where it is (the store's, the sign-in's).
            {
              name: 'GameChannel',
              test: (id) => GAME_CHANNEL.some((pattern) => pattern.test(id)),
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
}));

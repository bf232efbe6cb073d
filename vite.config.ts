import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { reactRuntimeAliases, routerProductionAlias } from './runtime.config';
import { compileHintBanner, compileHintFirst } from './web/scripts/compile-hints.mjs';

const webRoot = fileURLToPath(new URL('./web', import.meta.url));

// App code is grouped into fewer, larger chunks (issue 16): Lighthouse's mobile simulation (HTTP/1.1,
// six connections, 150 ms per round trip) charges every request that starts before the first paint,
// and the automatic split made dozens of 0.3-2 kB chunks per first route (Avatar, labels, each
// commands.ts, ...). Each group below is code that the routes loading one of its modules use (almost)
// all of; `bundle-budget.mjs` shows per route what a group brings. A group takes its modules'
// dependencies too, so a new member can pull a large graph into a route: check the budget tables.
const src = String.raw`web[\\/]src[\\/]`;
const inSrc = (...paths: string[]) => paths.map((p) => new RegExp(src + p));
// What index.html's entry statically imports (the shell, the store, the core texts): one chunk.
const SHELL = /web[\\/]src[\\/]/;
// Shared by the home, the profile and the signed-in pages; their own chunks so that the designer
// display group below does not drag them into `/` or `/login`.
const DESIGN_STYLES = inSrc(String.raw`shared[\\/](lib[\\/]designStyles|i18n[\\/]parts[\\/]styles)\b`);
const DESIGNER_TEXTS = inSrc(String.raw`shared[\\/]i18n[\\/]parts[\\/]designers\b`);
// The outbox and the command runner (what a route that queues an action needs).
const OUTBOX = inSrc(String.raw`shared[\\/]offline[\\/](command|outboxService|outbox|lock|replay|triggers|xhrFetch)\.ts$`);
// How a designer is shown (avatar, badge, pictures, stale notice): the profile and signed-in pages.
const DESIGNER_UI = inSrc(
  String.raw`shared[\\/]ui[\\/](Avatar|StaleNotice|ResponsiveImage|FullscreenViewer|RegistrationRequiredModal)\b`,
  String.raw`shared[\\/]lib[\\/](initials|swipe|links)\b`,
  String.raw`shared[\\/]offline[\\/]useKeptImages\b`,
  String.raw`shared[\\/]i18n[\\/]parts[\\/]registrationRequired\b`,
  String.raw`features[\\/]designers[\\/](lib[\\/](designer|labels|avatar|errors)|components[\\/](DesignerAvatar|VerifiedBadge)|api[\\/]designersApi|hooks[\\/]useDesigner)\b`,
);
// The commands of the signed-in features (the offline layer registers them all; the signed-in pages
// import most of them). Not the login's nor the questionnaire's: those routes would carry the rest.
const COMMANDS = inSrc(
  String.raw`(features[\\/](appointments|availability|chat|designers|engagement)|shared[\\/](push|session))[\\/]commands\.ts$`,
);
// Appointment states shown on both signed-in pages.
const APPOINTMENTS_UI = inSrc(
  String.raw`features[\\/]appointments[\\/](components[\\/](StatusBadge|SlotOptions|Appointments\.module)|hooks[\\/](useAppointmentEvents|useBookingRequests)|lib[\\/]status)\b`,
  String.raw`shared[\\/](api[\\/]eventStream|offline[\\/]useQueued)\b`,
);
const anyOf = (patterns: RegExp[]) => (id: string) => patterns.some((re) => re.test(id));

// The Go binary embeds web/dist, so the build output lives there and is emptied each build.
export default defineConfig(({ command }) => ({
  root: webRoot,
  publicDir: 'public',
  // React's API on Preact's runtime (runtime.config.ts), and for the build React Router's production
  // files (routerProductionAlias; `npm run dev` keeps its development warnings).
  resolve: { alias: command === 'build' ? [...reactRuntimeAliases, routerProductionAlias] : reactRuntimeAliases },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: false,
    // dist/.vite/manifest.json: the module graph the bundle budget (web/scripts/bundle-budget.mjs)
    // is computed from. The Go server never serves it (dot folders are skipped).
    manifest: true,
    target: 'es2022',
    // Libraries change less often than app code: separate chunks stay cached across releases. The app
    // groups (see above) follow them; a group listed earlier takes a module first.
    rolldownOptions: {
      output: {
        // The first page's chunks compiled while they arrive (web/scripts/compile-hints.mjs).
        postBanner: compileHintBanner,
        codeSplitting: {
          groups: [
            { name: 'preact', test: /node_modules[\\/]preact[\\/]/ },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
            { name: 'redux', test: /node_modules[\\/](@reduxjs|redux|react-redux|immer|reselect|redux-thunk)[\\/]/ },
            { name: 'dexie', test: /node_modules[\\/](dexie|dexie-react-hooks)[\\/]/ },
            { name: 'shell', tags: ['$initial'], test: SHELL },
            { name: 'designStyles', test: anyOf(DESIGN_STYLES) },
            { name: 'designers', test: anyOf(DESIGNER_TEXTS) },
            { name: 'outbox', test: anyOf(OUTBOX) },
            { name: 'designer-ui', test: anyOf(DESIGNER_UI) },
            { name: 'commands', test: anyOf(COMMANDS) },
            { name: 'appointments-ui', test: anyOf(APPOINTMENTS_UI) },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:8080', changeOrigin: false },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': { target: 'http://localhost:8080', changeOrigin: false },
    },
  },
  plugins: [
    compileHintFirst(),
    // Fast refresh is React's own (it needs React's renderer); on Preact `npm run dev` reloads the page.
    react({ refreshExclude: /./ }),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'autoUpdate',
      manifestFilename: 'manifest.webmanifest',
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon-180.png'],
      manifest: {
        id: '/',
        name: 'Interno',
        short_name: 'Interno',
        description:
          'Interno ti fa incontrare l’interior designer giusto per il tuo stile: un test visivo di sette domande, profili selezionati e videochiamate con i professionisti.',
        lang: 'it',
        dir: 'ltr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#F7F2EA',
        theme_color: '#F7F2EA',
        categories: ['lifestyle', 'shopping'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/icon-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
          { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
        ],
      },
      injectManifest: {
        rollupFormat: 'iife',
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // Only Latin scripts are needed for Italian; other font subsets load on demand if ever used.
        globIgnores: ['**/*-vietnamese-*', '**/*-cyrillic-*', '**/*-greek-*'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
}));

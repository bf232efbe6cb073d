import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { reactRuntimeAliases } from './runtime.config';

const webRoot = fileURLToPath(new URL('./web', import.meta.url));

// The Go binary embeds web/dist, so the build output lives there and is emptied each build.
export default defineConfig({
  root: webRoot,
  publicDir: 'public',
  // React's API on Preact's runtime (runtime.config.ts).
  resolve: { alias: reactRuntimeAliases },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: false,
    // dist/.vite/manifest.json: the module graph the bundle budget (web/scripts/bundle-budget.mjs)
    // is computed from. The Go server never serves it (dot folders are skipped).
    manifest: true,
    target: 'es2022',
    // Libraries change less often than app code: separate chunks stay cached across releases.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'preact', test: /node_modules[\\/]preact[\\/]/ },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
            { name: 'redux', test: /node_modules[\\/](@reduxjs|redux|react-redux|immer|reselect|redux-thunk)[\\/]/ },
            { name: 'dexie', test: /node_modules[\\/](dexie|dexie-react-hooks)[\\/]/ },
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
});

import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { reactLibraries, reactRuntimeAliases, selectorStoreAsModule } from './runtime.config';

// Unit tests: jsdom plus fake-indexeddb, run from the repository root, on the runtime of the build
// (Preact through preact/compat, runtime.config.ts).
export default defineConfig({
  plugins: [react({ refreshExclude: /./ }), selectorStoreAsModule()],
  resolve: {
    // The ES module builds of the libraries (react-router's "node" export is CommonJS otherwise).
    conditions: ['module', 'browser', 'development|production'],
    alias: [
      ...reactRuntimeAliases,
      // Its ES module build: the CommonJS one would require() react-dom past the aliases.
      { find: /^@testing-library\/react$/, replacement: '@testing-library/react/dist/@testing-library/react.esm.js' },
    ],
  },
  test: {
    root: fileURLToPath(new URL('./', import.meta.url)),
    include: ['web/src/**/*.test.{ts,tsx}', 'web/scripts/**/*.test.ts'],
    environment: 'jsdom',
    setupFiles: ['web/src/test/setup.ts'],
    restoreMocks: true,
    server: { deps: { inline: reactLibraries } },
    css: { modules: { classNameStrategy: 'non-scoped' } },
  },
});

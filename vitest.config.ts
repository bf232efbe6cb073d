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
    // Waits are for a state, and their ceilings are only there to report a test that will never get
    // it: on a busy 2-core machine (CI runs beside other work) a state a quiet machine reaches in
    // 200 ms can take several seconds, so the ceilings are generous (Testing Library's waitFor and
    // findBy* get theirs in setup.ts). A test that passes never waits longer for them.
    testTimeout: 30_000,
    expect: { poll: { timeout: 10_000 } },
    server: { deps: { inline: reactLibraries } },
    css: { modules: { classNameStrategy: 'non-scoped' } },
  },
});

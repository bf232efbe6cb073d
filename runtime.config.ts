import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Alias, Plugin } from 'vite';

/**
 * The React runtime of the build and of the unit tests: Preact through preact/compat (issue 16,
 * docs/performance.md). The source stays React + TypeScript (@types/react); every import of
 * react, react-dom and the JSX runtimes, ours and the libraries', resolves to Preact, about 11 kB
 * of gzip instead of React's 67 kB. The unit tests use the same aliases, so they run against the
 * runtime users get.
 */
export const reactRuntimeAliases: Alias[] = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
];

/**
 * The app's build takes React Router from its production files. The package's exports name only
 * its development build, which differs from the production one by a single constant
 * (ENABLE_DEV_WARNINGS: the descendant-routes and route-shape checks on every render, and their
 * messages); bundlers pick it whatever the mode, since no export condition names the other. The dev
 * server and the unit tests keep the development build and its warnings.
 */
export const routerProductionAlias: Alias = {
  find: /^react-router$/,
  replacement: join(dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist/production/index.mjs'),
};

/**
 * Libraries that import react and must therefore go through the aliases in the unit tests too
 * (Vitest leaves node_modules to Node, which knows no aliases, unless they are inlined).
 */
export const reactLibraries = [/[\\/]node_modules[\\/](@testing-library[\\/]react|react-router|react-redux|@reduxjs[\\/]toolkit|dexie-react-hooks|use-sync-external-store)[\\/]/];

const require = createRequire(import.meta.url);
const SELECTOR_STORE = join(
  dirname(require.resolve('use-sync-external-store/package.json')),
  'cjs/use-sync-external-store-with-selector.production.js',
);

/**
 * For the unit tests: react-redux's useSelector runs on use-sync-external-store/with-selector, a
 * CommonJS file that require()s react, which Node would answer with React itself past the aliases.
 * This serves the same production file (the one the build bundles) as an ES module whose require
 * of react is the aliased runtime. The build needs nothing of this: Vite's CommonJS handling
 * applies the aliases.
 */
export function selectorStoreAsModule(): Plugin {
  return {
    name: 'interno:selector-store-as-module',
    enforce: 'pre',
    resolveId(source) {
      return /^use-sync-external-store\/(shim\/)?with-selector(\.js)?$/.test(source) ? SELECTOR_STORE : null;
    },
    transform(code, id) {
      if (id !== SELECTOR_STORE) return null;
      return [
        "import * as React from 'react';",
        'const exports = {};',
        "const require = (name) => { if (name === 'react') return React; throw new Error(`unexpected require(${name})`); };",
        code,
        'export const useSyncExternalStoreWithSelector = exports.useSyncExternalStoreWithSelector;',
      ].join('\n');
    },
  };
}

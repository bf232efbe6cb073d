// ESLint, flat config: `npm run lint` (a layer of `make test`, after the web type check).
// TypeScript rules without type information (tsc already type-checks; this stays fast on a busy
// machine), the React hooks rules (including the compiler-based ones: set-state in effects, refs,
// purity) and the accessibility rules for JSX.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['web/dist/**', 'web/src/shared/api/schema.gen.ts', 'dev-dist/**', 'bin/**', 'bench/**', 'test/artifacts/**', 'test/deploy/**', 'node_modules/**'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      // `_` marks a parameter a signature requires but the body does not use.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['web/src/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // `role` on our own components (RequireRole role="designer") is an account role, not ARIA.
      'jsx-a11y/aria-role': ['error', { ignoreNonDOM: true }],
    },
  },
  {
    files: ['web/src/sw.ts'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    files: ['web/scripts/**', 'test/**', '*.config.{js,ts}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // Code passed to page.evaluate runs in the browser page.
    files: ['web/scripts/render-icons.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    // The black-box tests read the API's JSON as the server sends it, untyped on purpose: they check
    // the wire, not our TypeScript view of it.
    files: ['test/e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);

import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Unit tests: jsdom plus fake-indexeddb, run from the repository root.
export default defineConfig({
  plugins: [react()],
  test: {
    root: fileURLToPath(new URL('./', import.meta.url)),
    include: ['web/src/**/*.test.{ts,tsx}', 'web/scripts/**/*.test.ts'],
    environment: 'jsdom',
    setupFiles: ['web/src/test/setup.ts'],
    restoreMocks: true,
    css: { modules: { classNameStrategy: 'non-scoped' } },
  },
});

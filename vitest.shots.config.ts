import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// `npm run screenshots`: renders the main screens at phone and desktop widths into test/artifacts/.
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('./', import.meta.url)),
    include: ['test/e2e/*.shots.ts'],
    environment: 'node',
    setupFiles: ['test/e2e/harness/one-browser.ts'],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 90_000,
  },
});

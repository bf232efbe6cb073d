import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Browser journeys against the real binary: two files at a time (each with its own server and its
// own Chromium), the tests of a file one at a time.
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('./', import.meta.url)),
    include: ['test/e2e/**/*.e2e.ts'],
    environment: 'node',
    setupFiles: ['test/e2e/harness/one-browser.ts'],
    fileParallelism: true,
    maxWorkers: 2,
    sequence: { concurrent: false },
    testTimeout: 90_000,
    hookTimeout: 90_000,
    teardownTimeout: 30_000,
    retry: 0,
  },
});

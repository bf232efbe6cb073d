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
    // expect.poll waits for a state; its default ceiling (1 s) presumes an idle machine, and a click
    // that reaches the server and comes back on the screen takes longer than that on a busy one.
    expect: { poll: { timeout: 20_000, interval: 100 } },
  },
});

import { describe, expect, it, vi } from 'vitest';

let imports = 0;
vi.mock('./runtime', () => {
  imports += 1;
  return { marker: 'runtime' };
});

// The test setup already loaded the real runtime through shared/offline/lazy; a fresh copy of the
// module starts with nothing loaded, as the app does.
vi.resetModules();
const { allowBackgroundOffline, loadOffline, loadOfflineInBackground } = await import('./lazy');

describe('loadOfflineInBackground', () => {
  it('does not load the runtime before the first screen has settled, then loads it once', async () => {
    let answered = false;
    const background = loadOfflineInBackground().then((runtime) => {
      answered = true;
      return runtime;
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(imports).toBe(0);
    expect(answered).toBe(false);

    allowBackgroundOffline();
    const runtime = await background;
    expect(imports).toBe(1);
    expect(runtime).toBe(await loadOffline());
    expect(imports).toBe(1);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { createUpdateWatcher, NEW_VERSION_MESSAGE, UPDATE_RELOAD_DELAY_MS } from './serviceWorker';

function watcher(controlledAtLoad: boolean) {
  const reload = vi.fn();
  const onUpdate = vi.fn();
  const schedule = vi.fn((callback: () => void, delayMs: number) => {
    expect(delayMs).toBe(UPDATE_RELOAD_DELAY_MS);
    callback();
  });
  return { reload, onUpdate, schedule, watch: createUpdateWatcher({ controlledAtLoad, onUpdate, reload, schedule }) };
}

describe('service worker update flow', () => {
  it("does not reload on the first install (claim plus the new worker's announcement)", () => {
    const { watch, reload } = watcher(false);
    watch.onControllerChange();
    watch.onMessage({ type: NEW_VERSION_MESSAGE });
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads one second after a new worker replaces the one that controlled the page', () => {
    const { watch, reload, onUpdate, schedule } = watcher(true);
    watch.onControllerChange();
    expect(onUpdate).toHaveBeenCalledTimes(1);
    expect(schedule).toHaveBeenCalledWith(reload, 1000);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads on the new-version message, once even with both signals', () => {
    const { watch, reload } = watcher(true);
    watch.onMessage({ type: NEW_VERSION_MESSAGE });
    watch.onControllerChange();
    watch.onMessage({ type: 'other' });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('treats a later replacement in a page that saw the first install as an update', () => {
    const { watch, reload } = watcher(false);
    watch.onControllerChange();
    expect(reload).not.toHaveBeenCalled();
    watch.onControllerChange();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { createUpdateWatcher, NEW_VERSION_MESSAGE, UPDATE_RELOAD_DELAY_MS } from './serviceWorker';

/** The worker that controlled the page at load, and a newer one. */
const OLD_WORKER = { scriptURL: '/sw.js', state: 'activated' };
const NEW_WORKER = { scriptURL: '/sw.js', state: 'activating' };

function watcher(controlledAtLoad: boolean, controllerAtLoad: unknown = controlledAtLoad ? OLD_WORKER : null) {
  const reload = vi.fn();
  const onUpdate = vi.fn();
  const schedule = vi.fn((callback: () => void, delayMs: number) => {
    expect(delayMs).toBe(UPDATE_RELOAD_DELAY_MS);
    callback();
  });
  return { reload, onUpdate, schedule, watch: createUpdateWatcher({ controllerAtLoad, onUpdate, reload, schedule }) };
}

describe('service worker update flow', () => {
  it("does not reload on the first install (claim plus the new worker's announcement)", () => {
    const { watch, reload } = watcher(false);
    watch.onControllerChange();
    watch.onMessage({ type: NEW_VERSION_MESSAGE }, NEW_WORKER);
    expect(reload).not.toHaveBeenCalled();
  });

  it('does not reload a page loaded while the first worker was activating when that worker announces itself', () => {
    // Controlled from the start by the activating worker, which then posts its announcement.
    const { watch, reload, onUpdate } = watcher(true, NEW_WORKER);
    watch.onMessage({ type: NEW_VERSION_MESSAGE }, NEW_WORKER);
    expect(onUpdate).not.toHaveBeenCalled();
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
    watch.onMessage({ type: NEW_VERSION_MESSAGE }, NEW_WORKER);
    watch.onControllerChange();
    watch.onMessage({ type: 'other' }, NEW_WORKER);
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

import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenFirstScreenSettled, type FirstScreenOptions, type SettlingRouter, type SettlingStore } from './firstScreen';

/** A router and a store whose state the test changes, telling their subscribers as the real ones do. */
function sources() {
  const routerListeners = new Set<() => void>();
  const storeListeners = new Set<() => void>();
  const router: SettlingRouter & { set: (initialized: boolean, navigation: string) => void } = {
    state: { initialized: false, navigation: { state: 'idle' } },
    subscribe: (listener) => {
      routerListeners.add(listener);
      return () => routerListeners.delete(listener);
    },
    set(initialized, navigation) {
      this.state = { initialized, navigation: { state: navigation } };
      for (const listener of [...routerListeners]) listener();
    },
  };
  let queries: Record<string, { status: string }> = {};
  const store: SettlingStore & { setQueries: (next: Record<string, { status: string }>) => void } = {
    getState: () => ({ api: { queries } }),
    subscribe: (listener) => {
      storeListeners.add(listener);
      return () => storeListeners.delete(listener);
    },
    setQueries(next) {
      queries = next;
      for (const listener of [...storeListeners]) listener();
    },
  };
  return { router, store, listeners: () => routerListeners.size + storeListeners.size };
}

/** Fake timers, and a router that has already resolved its route. */
function resolvedRoute() {
  vi.useFakeTimers();
  const made = sources();
  made.router.set(true, 'idle');
  return made;
}

/** Starts the wait; the returned function tells whether it has resolved. */
function settling(options: FirstScreenOptions): () => boolean {
  let settled = false;
  void whenFirstScreenSettled(options).then(() => {
    settled = true;
  });
  return () => settled;
}

/** Lets every queued timer, frame and promise run. */
async function flush(): Promise<void> {
  for (let i = 0; i < 5; i++) await vi.advanceTimersByTimeAsync(20);
}

describe('whenFirstScreenSettled', () => {
  afterEach(() => {
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('waits for the route, then for the queries it started, then for its eager pictures', async () => {
    vi.useFakeTimers();
    const { router, store, listeners } = sources();
    const settled = settling({ router, store, quietMs: 1000 });

    await flush();
    expect(settled()).toBe(false); // the lazy route is not resolved yet

    router.set(true, 'idle');
    store.setQueries({ 'getDesigner(44)': { status: 'pending' } });
    await flush();
    expect(settled()).toBe(false); // the screen's data is on its way

    document.body.innerHTML = '<img src="/a.jpg" loading="eager" alt=""><img src="/b.jpg" loading="lazy" alt="">';
    store.setQueries({ 'getDesigner(44)': { status: 'fulfilled' } });
    await flush();
    expect(settled()).toBe(false); // the eager picture has not arrived (the lazy one is not waited for)

    const eager = document.querySelector('img[loading="eager"]');
    expect(eager).not.toBeNull();
    eager?.dispatchEvent(new Event('load'));
    await flush();
    expect(settled()).toBe(false); // on the screen, but not quiet for a second yet
    await vi.advanceTimersByTimeAsync(1000);
    expect(settled()).toBe(true);
    expect(listeners()).toBe(0);
  });

  it('starts the quiet period again when the screen asks for more during it', async () => {
    const { router, store } = resolvedRoute();
    const settled = settling({ router, store, quietMs: 1000 });
    await vi.advanceTimersByTimeAsync(600);
    store.setQueries({ 'likes(44)': { status: 'pending' } });
    await vi.advanceTimersByTimeAsync(1000);
    expect(settled()).toBe(false);
    store.setQueries({ 'likes(44)': { status: 'fulfilled' } });
    await vi.advanceTimersByTimeAsync(600);
    expect(settled()).toBe(false); // 600 ms of quiet since the answer
    await vi.advanceTimersByTimeAsync(600);
    expect(settled()).toBe(true);
  });

  it('waits again when the painted screen starts another query', async () => {
    const { router, store } = resolvedRoute();
    // An effect after the first frame starts a request.
    const raf = vi.spyOn(window, 'requestAnimationFrame').mockImplementationOnce((callback) => {
      store.setQueries({ 'me(undefined)': { status: 'pending' } });
      return window.setTimeout(() => callback(0), 0);
    });
    const settled = settling({ router, store, quietMs: 1000 });
    await vi.advanceTimersByTimeAsync(1500);
    expect(raf).toHaveBeenCalled();
    expect(settled()).toBe(false);

    store.setQueries({ 'me(undefined)': { status: 'fulfilled' } });
    await vi.advanceTimersByTimeAsync(1100);
    expect(settled()).toBe(true);
  });

  it('does not hold the offline layer back longer than the cap when a request hangs', async () => {
    const { router, store } = resolvedRoute();
    store.setQueries({ 'hanging(undefined)': { status: 'pending' } });
    const settled = settling({ router, store, quietMs: 1000, capMs: 5000 });
    await vi.advanceTimersByTimeAsync(4900);
    expect(settled()).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(settled()).toBe(true);
  });
});

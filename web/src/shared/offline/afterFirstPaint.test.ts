import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakePaintObserver, stubPaintTiming } from '../../test/paintTiming';
import { afterFirstPaint } from './lazy';

let readyState: DocumentReadyState = 'loading';

async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}

describe('afterFirstPaint', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    stubPaintTiming();
    readyState = 'loading';
    vi.spyOn(document, 'readyState', 'get').mockImplementation(() => readyState);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  function load(): void {
    readyState = 'complete';
    window.dispatchEvent(new Event('load'));
  }

  it('runs once the page has loaded and painted, whichever comes last', async () => {
    const work = vi.fn();
    afterFirstPaint(work);
    load();
    await settle();
    expect(work).not.toHaveBeenCalled();
    FakePaintObserver.paint('first-paint');
    await settle();
    expect(work).not.toHaveBeenCalled();
    FakePaintObserver.paint('first-contentful-paint');
    await settle();
    expect(work).toHaveBeenCalledTimes(1);
    // The fallback after load does not run it a second time.
    await vi.advanceTimersByTimeAsync(5000);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('waits for load when the page painted first', async () => {
    const work = vi.fn();
    afterFirstPaint(work);
    FakePaintObserver.paint('first-contentful-paint');
    await settle();
    expect(work).not.toHaveBeenCalled();
    load();
    await settle();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs at most maxWaitMs after load when no contentful paint comes (a hidden tab)', async () => {
    const work = vi.fn();
    afterFirstPaint(work, 800);
    load();
    await vi.advanceTimersByTimeAsync(799);
    expect(work).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs after load where the browser has no paint timing', async () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    const work = vi.fn();
    afterFirstPaint(work);
    await settle();
    expect(work).not.toHaveBeenCalled();
    load();
    await settle();
    expect(work).toHaveBeenCalledTimes(1);
  });
});

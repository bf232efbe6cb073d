import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakePaintObserver, stubPaintTiming } from '../../test/paintTiming';
import { FIRST_PAINT_MARK, useFirstPainted, whenFirstPainted } from './firstPaint';

function Probe() {
  return <p>{useFirstPainted() ? 'painted' : 'not yet'}</p>;
}

describe('the first paint', () => {
  beforeEach(() => {
    stubPaintTiming();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('is not there until the first contentful paint, then stays for every later screen', async () => {
    performance.clearMarks(FIRST_PAINT_MARK);
    render(<Probe />);
    expect(screen.getByText('not yet')).toBeTruthy();
    act(() => FakePaintObserver.paint('first-paint'));
    expect(screen.getByText('not yet')).toBeTruthy();
    expect(performance.getEntriesByName(FIRST_PAINT_MARK, 'mark')).toHaveLength(0);
    act(() => FakePaintObserver.paint('first-contentful-paint'));
    expect(screen.getByText('painted')).toBeTruthy();
    // The moment is in the page's timeline, once.
    expect(performance.getEntriesByName(FIRST_PAINT_MARK, 'mark')).toHaveLength(1);
    cleanup();
    render(<Probe />);
    expect(screen.getByText('painted')).toBeTruthy();
    await expect(whenFirstPainted()).resolves.toBeUndefined();
  });

  it('whenFirstPainted resolves with the paint', async () => {
    const done = vi.fn();
    void whenFirstPainted().then(done);
    await Promise.resolve();
    expect(done).not.toHaveBeenCalled();
    FakePaintObserver.paint('first-contentful-paint');
    await vi.waitFor(() => expect(done).toHaveBeenCalledTimes(1));
  });

  it('is taken as painted after three seconds in a tab that does not paint', async () => {
    vi.useFakeTimers();
    const done = vi.fn();
    void whenFirstPainted().then(done);
    await vi.advanceTimersByTimeAsync(2999);
    expect(done).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('is there from the start where the browser has no paint timing', () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    render(<Probe />);
    expect(screen.getByText('painted')).toBeTruthy();
  });
});

import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCountdown } from './useCountdown';

function Probe() {
  const { days, hours, minutes, seconds } = useCountdown();
  return <p data-testid="left">{`${days}:${hours}:${minutes}:${seconds}`}</p>;
}

beforeEach(() => {
  vi.useFakeTimers({ now: Date.UTC(2026, 0, 1, 9, 0, 0) });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useCountdown', () => {
  it('starts at 30 days and ticks every second', () => {
    render(<Probe />);
    expect(screen.getByTestId('left').textContent).toBe('30:0:0:0');
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByTestId('left').textContent).toBe('29:23:59:59');
    act(() => {
      vi.advanceTimersByTime(61_000);
    });
    expect(screen.getByTestId('left').textContent).toBe('29:23:58:58');
  });
});

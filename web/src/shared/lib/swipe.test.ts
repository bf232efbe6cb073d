import { describe, expect, it } from 'vitest';
import { isHorizontalGesture, swipeOutcome } from './swipe';

describe('swipe', () => {
  it('needs at least 50 px sideways', () => {
    expect(swipeOutcome(-49, 0)).toBeNull();
    expect(swipeOutcome(-50, 0)).toBe('next');
    expect(swipeOutcome(50, 5)).toBe('previous');
  });

  it('ignores mostly vertical movement (scrolling)', () => {
    expect(swipeOutcome(-60, 80)).toBeNull();
    expect(isHorizontalGesture(10, 0)).toBe(false);
    expect(isHorizontalGesture(11, 3)).toBe(true);
    expect(isHorizontalGesture(11, 12)).toBe(false);
  });
});

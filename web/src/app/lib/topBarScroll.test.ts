import { describe, expect, it } from 'vitest';
import { INITIAL_BAR_STATE, nextBarState, type BarScrollState } from './topBarScroll';

function scrollThrough(positions: number[], width: number): boolean[] {
  let state: BarScrollState = INITIAL_BAR_STATE;
  return positions.map((y) => {
    state = nextBarState(state, y, width);
    return state.visible;
  });
}

describe('top bar on scroll', () => {
  it('hides on phones after scrolling down at least 10 px and shows again on scrolling up 10 px', () => {
    expect(scrollThrough([5, 9, 10, 60, 55, 51, 50, 49], 390)).toEqual([true, true, false, false, false, false, true, true]);
  });

  it('lets small moves add up to the threshold', () => {
    expect(scrollThrough([4, 8, 12], 390)).toEqual([true, true, false]);
  });

  it('always shows the bar at the top of the page (including overscroll)', () => {
    expect(scrollThrough([200, 0], 390)).toEqual([false, true]);
    expect(scrollThrough([200, -30], 390)).toEqual([false, true]);
  });

  it('never hides on screens wider than 768 px', () => {
    expect(scrollThrough([100, 400, 900], 1280)).toEqual([true, true, true]);
    expect(scrollThrough([100, 400], 768)).toEqual([false, false]);
    expect(scrollThrough([100, 400], 769)).toEqual([true, true]);
  });
});

/** A swipe must travel at least this far sideways to change picture (customer spec, section 9). */
export const SWIPE_MIN_DISTANCE = 50;
/** Sideways movement beyond this, and more than the vertical one, makes the gesture a horizontal swipe. */
export const SWIPE_HORIZONTAL_THRESHOLD = 10;

export type SwipeOutcome = 'next' | 'previous' | null;

/** True once a touch has moved enough sideways to be a swipe rather than a scroll or a tap. */
export function isHorizontalGesture(dx: number, dy: number): boolean {
  return Math.abs(dx) > SWIPE_HORIZONTAL_THRESHOLD && Math.abs(dx) > Math.abs(dy);
}

/** What a finished touch does: a leftward swipe shows the next picture, a rightward one the previous. */
export function swipeOutcome(dx: number, dy: number): SwipeOutcome {
  if (!isHorizontalGesture(dx, dy) || Math.abs(dx) < SWIPE_MIN_DISTANCE) return null;
  return dx < 0 ? 'next' : 'previous';
}

/** The bar reacts to scrolls of at least this many pixels (spec: 10 px). */
export const SCROLL_THRESHOLD_PX = 10;
/** Up to this width the bar hides while scrolling down (spec: 768 px). */
export const MOBILE_MAX_WIDTH_PX = 768;

export interface BarScrollState {
  visible: boolean;
  /** The scroll position of the last change that counted. */
  anchorY: number;
}

export const INITIAL_BAR_STATE: BarScrollState = { visible: true, anchorY: 0 };

/**
 * The next state of the top bar for a scroll position and viewport width: always shown on wide
 * screens and at the top of the page; on phones hidden after scrolling down at least the threshold
 * and shown again after scrolling up at least the threshold. Smaller moves accumulate.
 */
export function nextBarState(previous: BarScrollState, scrollY: number, viewportWidth: number): BarScrollState {
  const y = Math.max(0, scrollY);
  if (viewportWidth > MOBILE_MAX_WIDTH_PX || y <= 0) return { visible: true, anchorY: y };
  const delta = y - previous.anchorY;
  if (Math.abs(delta) < SCROLL_THRESHOLD_PX) return previous;
  return { visible: delta < 0, anchorY: y };
}

import type { KeyboardEvent } from 'react';

/**
 * Arrow keys, Home and End move between the tabs of a tablist (WAI-ARIA tabs pattern, automatic
 * activation): returns the tab to select, or null for other keys.
 */
export function nextTab<T extends string>(event: KeyboardEvent, tabs: readonly T[], current: T): T | null {
  const index = Math.max(0, tabs.indexOf(current));
  let next: number;
  switch (event.key) {
    case 'ArrowRight':
      next = (index + 1) % tabs.length;
      break;
    case 'ArrowLeft':
      next = (index - 1 + tabs.length) % tabs.length;
      break;
    case 'Home':
      next = 0;
      break;
    case 'End':
      next = tabs.length - 1;
      break;
    default:
      return null;
  }
  event.preventDefault();
  return tabs[next] ?? null;
}

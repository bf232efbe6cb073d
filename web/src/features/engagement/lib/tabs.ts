import type { KeyboardEvent } from 'react';

/**
 * Arrow keys, Home and End move between the tabs of a tablist (WAI-ARIA tabs pattern, automatic
 * activation): returns the tab to select, or null for other keys.
 */
export function nextTab(event: KeyboardEvent, tabs: readonly string[], current: string): string | null {
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

/** Platforms in the order the statistics list them: most shares first, then the catalogue order. */
export function platformRows<P extends string>(byPlatform: Partial<Record<P, number>>, order: readonly P[]): { platform: P; count: number }[] {
  return order
    .map((platform, index) => ({ platform, count: byPlatform[platform] ?? 0, index }))
    .sort((a, b) => b.count - a.count || a.index - b.index)
    .map(({ platform, count }) => ({ platform, count }));
}

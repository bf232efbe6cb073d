/**
 * The browser's history entries as the app's steps use them (the quiz's steps, the designer
 * registration's second step): what a step keeps goes beside what the router keeps in the entry
 * (`usr`, `key`, `idx`), and a step forward is an entry of its own at the same address, with the
 * router's key and index, so its scroll restoration (keyed by `key`) keeps working.
 */

/** The entry's state as a record (null for none, or for something that is not one). */
export function entryState(state: unknown = window.history.state): Record<string, unknown> | null {
  return typeof state === 'object' && state !== null && !Array.isArray(state) ? (state as Record<string, unknown>) : null;
}

/** Keeps `patch` in the current entry, beside what it holds. */
export function replaceEntry(patch: Record<string, unknown>): void {
  window.history.replaceState({ ...(entryState() ?? {}), ...patch }, '');
}

/** Adds an entry after the current one (same address), holding what it holds and `patch`. */
export function pushEntry(patch: Record<string, unknown>): void {
  window.history.pushState({ ...(entryState() ?? {}), ...patch }, '');
}

/**
 * The browser's history entries as the app's steps use them (the quiz's steps, the designer
 * registration's second step): what a step keeps goes beside what the router keeps in the entry
 * (`usr`, `key`, `idx`), and a step forward is an entry of its own at the same address, with a key
 * of its own and the next index, as the router's own entries are. The router saves and restores
 * scroll positions by key, so two steps never share one; a step that must come back at a position
 * (the designers' list) keeps it itself.
 */

/** A value as a record (null for anything that is not a plain object). */
export function asRecord(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/** The entry's state as a record (null for none, or for something that is not one). */
export function entryState(state: unknown = window.history.state): Record<string, unknown> | null {
  return asRecord(state);
}

/** Keeps `patch` in the current entry, beside what it holds. */
export function replaceEntry(patch: Record<string, unknown>): void {
  window.history.replaceState({ ...(entryState() ?? {}), ...patch }, '');
}

/** A new entry's key, as the router makes its own (only told apart from the tab's other entries). */
export function newEntryKey(): string {
  return Math.random().toString(36).slice(2, 10);
}

/** Adds an entry after the current one (same address), holding what it holds and `patch`. */
export function pushEntry(patch: Record<string, unknown>): void {
  const state = entryState() ?? {};
  const idx = typeof state.idx === 'number' ? state.idx + 1 : state.idx;
  window.history.pushState({ ...state, key: newEntryKey(), idx, ...patch }, '');
}

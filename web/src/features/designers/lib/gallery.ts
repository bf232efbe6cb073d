import { MAX_GALLERY } from './designer';

/** A picture of the gallery being edited: one already stored (kept by its path) or a new one. */
export type GalleryItem =
  | { key: string; kind: 'stored'; path: string }
  | { key: string; kind: 'new'; dataUrl: string; name: string };

let sequence = 0;

/** A key for React lists and removal that stays the same while the item lives. */
export function galleryKey(): string {
  sequence += 1;
  return `g${sequence}`;
}

export function storedItems(paths: readonly string[]): GalleryItem[] {
  return paths.map((path) => ({ key: galleryKey(), kind: 'stored', path }));
}

/** What the item shows: the stored path or the new picture's data URL. */
export function itemSource(item: GalleryItem): string {
  return item.kind === 'stored' ? item.path : item.dataUrl;
}

/** The gallery as the API takes it: stored paths are kept, data URLs are new uploads. */
export function galleryPayload(items: readonly GalleryItem[]): string[] {
  return items.map(itemSource);
}

/** True when the edited gallery differs from the stored one (order included). */
export function galleryChanged(original: readonly string[], items: readonly GalleryItem[]): boolean {
  if (original.length !== items.length) return true;
  return items.some((item, i) => item.kind !== 'stored' || item.path !== original[i]);
}

/** How many more pictures fit. */
export function roomLeft(items: readonly unknown[], busy = 0): number {
  return Math.max(0, MAX_GALLERY - items.length - busy);
}

/** Moves the item at index one step (−1 earlier, +1 later); out-of-range moves change nothing. */
export function moveItem<T>(items: readonly T[], index: number, step: -1 | 1): T[] {
  const target = index + step;
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) return [...items];
  const next = [...items];
  const [item] = next.splice(index, 1);
  if (item !== undefined) next.splice(target, 0, item);
  return next;
}

/**
 * Image addresses: the spec's image path helper and the resize endpoint's URLs. Stored images are
 * never shown at their original size: every picture asks `/api/images/resize/{path}` for the width
 * it is displayed at (the server answers WebP to browsers that accept it), with a srcset so screens
 * of higher density get a sharper copy.
 */

/** The widths the resize endpoint accepts (adapters/imaging), smallest first. */
export const RESIZE_WIDTHS = [160, 240, 320, 480, 640, 800, 960, 1200, 1600] as const;

const LARGEST_WIDTH = RESIZE_WIDTHS[RESIZE_WIDTHS.length - 1] ?? 1600;

/** Density steps a srcset covers: 1x, 2x and 3x screens. */
const DENSITIES = [1, 2, 3] as const;

/** True for addresses the browser can show as they are: inline data, blobs and absolute web URLs. */
export function isDirectImageUrl(value: string): boolean {
  return /^data:image\//i.test(value) || /^blob:/i.test(value) || /^https?:\/\//i.test(value);
}

/**
 * The spec's image path helper. Returns what an image field points to, or null when it points to
 * nothing: non-strings, blanks, "null", and paths of two characters or fewer without a dot (broken
 * gallery entries). Data URLs and http(s) URLs come back unchanged; anything else is a stored path
 * and comes back without its leading "/" and "api/" ("/api/uploads/gallery/x.jpg" →
 * "uploads/gallery/x.jpg"), ready for the resize endpoint.
 */
export function imagePath(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const value = raw.trim();
  if (value === '' || value === 'null' || value === 'undefined') return null;
  if (isDirectImageUrl(value)) return value;
  if (value.length <= 2 && !value.includes('.')) return null;
  const stored = value.replace(/^\/+/, '').replace(/^api\//, '').replace(/^images\/resize\//, '').replace(/[?#].*$/, '');
  return stored === '' ? null : stored;
}

/** The smallest accepted width that covers `pixels`, or the largest one. */
export function pickWidth(pixels: number): number {
  const wanted = Math.max(1, Math.ceil(pixels));
  return RESIZE_WIDTHS.find((width) => width >= wanted) ?? LARGEST_WIDTH;
}

/** The resize URL of a stored path at an accepted width; quality 1–100 or the server's default. */
export function resizedUrl(storedPath: string, width: number, quality?: number): string {
  const encoded = storedPath
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/');
  const params = new URLSearchParams({ size: String(pickWidth(width)) });
  if (quality !== undefined) params.set('quality', String(Math.min(100, Math.max(1, Math.round(quality)))));
  return `/api/images/resize/${encoded}?${params.toString()}`;
}

/** What an <img> needs: a source, an optional srcset with its sizes, and the box it fills. */
export interface ImageSources {
  src: string;
  srcSet?: string;
  sizes?: string;
  width: number;
  height: number;
}

export interface ImageBox {
  /** CSS pixels the image is shown at (its widest when fluid): the 1x source. */
  width: number;
  /** CSS pixels of height at that width: set on the element so nothing jumps while loading. */
  height: number;
  /** The sizes attribute for fluid images ("(min-width: 900px) 30vw, 50vw"); defaults to `${width}px`. */
  sizes?: string;
  /** Narrowest CSS width a fluid image is shown at (adds smaller candidates); defaults to width. */
  minWidth?: number;
  quality?: number;
}

/**
 * Sources for an image field shown in a box: null when the field points to nothing. Stored paths get
 * a resize URL for 1x and a srcset of accepted widths up to 3x, so the browser picks by density and
 * layout; direct URLs (data, http) are used as they are.
 */
export function imageSources(raw: unknown, box: ImageBox): ImageSources | null {
  const path = imagePath(raw);
  if (path === null) return null;
  const width = Math.round(box.width);
  const height = Math.round(box.height);
  if (isDirectImageUrl(path)) return { src: path, width, height };
  const candidates = new Set<number>();
  candidates.add(pickWidth(box.minWidth ?? box.width));
  for (const density of DENSITIES) candidates.add(pickWidth(box.width * density));
  for (const accepted of RESIZE_WIDTHS) {
    if (accepted > Math.min(...candidates) && accepted < Math.max(...candidates)) candidates.add(accepted);
  }
  const widths = Array.from(candidates).sort((a, b) => a - b);
  return {
    src: resizedUrl(path, pickWidth(box.width), box.quality),
    srcSet: widths.map((w) => `${resizedUrl(path, w, box.quality)} ${w}w`).join(', '),
    sizes: box.sizes ?? `${width}px`,
    width,
    height,
  };
}

/**
 * The gallery of a profile as a clean list: the API sends a list, older clients a JSON string;
 * entries that are not strings or point to nothing are dropped.
 */
export function galleryPaths(raw: unknown): string[] {
  let list: unknown = raw;
  if (typeof raw === 'string') {
    try {
      list = JSON.parse(raw) as unknown;
    } catch {
      list = [raw];
    }
  }
  if (!Array.isArray(list)) return [];
  return list.filter((entry): entry is string => typeof entry === 'string' && entry.trim().length >= 2 && imagePath(entry) !== null);
}

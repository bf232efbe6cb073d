import type { ImgHTMLAttributes, SyntheticEvent } from 'react';
import { useFirstPainted } from '../lib/firstPaint';
import { imageSources, type ImageBox } from '../lib/imagePath';
import { useStoredImageFallback } from '../offline/useKeptImages';

export interface ResponsiveImageProps
  extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes' | 'width' | 'height' | 'loading'>,
    ImageBox {
  /** An image field as the API sends it: stored path, data URL or web address. */
  path: unknown;
  alt: string;
  /** Above the fold: load at once and early. Everything else loads lazily. */
  priority?: boolean;
}

/**
 * Every stored picture in the app: served by the resize endpoint at the size it is shown, with a
 * srcset for denser screens, width and height set so the layout never jumps, lazy below the fold.
 * When a picture cannot load (offline and not in the service worker's cache) the copy kept in
 * IndexedDB is shown, if there is one; only then does the caller's onError run.
 * Renders nothing when the field points to no image.
 */
export function ResponsiveImage({ path, alt, width, height, sizes, minWidth, quality, priority = false, onError, style, ...rest }: ResponsiveImageProps) {
  const sources = imageSources(path, { width, height, sizes, minWidth, quality });
  const stored = useStoredImageFallback(sources?.src ?? null);
  // A picture below the fold is asked for once the page has painted (at once on every later
  // screen): on a first visit it would otherwise compete with the first paint.
  const painted = useFirstPainted();
  if (!sources) return null;
  const handleError = (event: SyntheticEvent<HTMLImageElement>): void => {
    event.persist?.();
    void stored.onError().then((found) => {
      if (!found) onError?.(event);
    });
  };
  const waiting = !priority && !painted && !stored.fallback;
  return (
    <img
      {...rest}
      // Until then the box is kept (width and height) and left blank rather than showing the alt text.
      style={waiting ? { ...style, visibility: 'hidden' } : style}
      // srcset and sizes before src: attributes are set in this order when the wait ends, and a
      // browser that sees src alone first may fetch it as well as the srcset's choice.
      srcSet={waiting || stored.fallback ? undefined : sources.srcSet}
      sizes={waiting || stored.fallback ? undefined : sources.sizes}
      src={waiting ? undefined : (stored.fallback ?? sources.src)}
      width={sources.width}
      height={sources.height}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : 'auto'}
      onError={stored.fallback ? onError : handleError}
    />
  );
}

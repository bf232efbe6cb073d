import type { ImgHTMLAttributes } from 'react';
import { imageSources, type ImageBox } from '../lib/imagePath';

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
 * Renders nothing when the field points to no image.
 */
export function ResponsiveImage({ path, alt, width, height, sizes, minWidth, quality, priority = false, ...rest }: ResponsiveImageProps) {
  const sources = imageSources(path, { width, height, sizes, minWidth, quality });
  if (!sources) return null;
  return (
    <img
      {...rest}
      src={sources.src}
      srcSet={sources.srcSet}
      sizes={sources.sizes}
      width={sources.width}
      height={sources.height}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : 'auto'}
    />
  );
}

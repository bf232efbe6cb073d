import { useState } from 'react';
import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/designers';
import { FullscreenViewer } from '../../../shared/ui/FullscreenViewer';
import { ResponsiveImage } from '../../../shared/ui/ResponsiveImage';
import styles from './GalleryGrid.module.css';

export interface GalleryGridProps {
  images: readonly string[];
  /** The designer's name, for the pictures' descriptions and the viewer's title. */
  name: string;
  /** "mosaic": the first picture large (portfolio); "grid": equal tiles. */
  layout?: 'mosaic' | 'grid';
  /** The CSS width of one tile at its widest, for choosing the image size. */
  tileWidth?: number;
}

/** A designer's pictures as tiles; each opens the fullscreen viewer at that picture. */
export function GalleryGrid({ images, name, layout = 'grid', tileWidth = 360 }: GalleryGridProps) {
  const [open, setOpen] = useState<number | null>(null);
  const viewerImages = images.map((path, i) => ({ path, alt: t('designers.projectAlt', { n: i + 1, name }) }));
  return (
    <>
      <ul className={`${styles.grid} ${layout === 'mosaic' ? styles.mosaic : ''}`}>
        {images.map((path, i) => {
          const feature = layout === 'mosaic' && i === 0;
          const width = feature ? tileWidth * 2 : tileWidth;
          return (
            <li key={`${path}-${i}`} className={feature ? styles.feature : undefined}>
              <button type="button" className={styles.tile} onClick={() => setOpen(i)} aria-label={t('designers.openImage', { n: i + 1 })}>
                <ResponsiveImage
                  className={styles.image}
                  path={path}
                  alt={t('designers.projectAlt', { n: i + 1, name })}
                  width={width}
                  height={Math.round((width * 3) / 4)}
                  minWidth={160}
                  sizes={feature ? `(min-width: 900px) ${width}px, 100vw` : `(min-width: 900px) ${width}px, 50vw`}
                />
              </button>
            </li>
          );
        })}
      </ul>
      <FullscreenViewer
        images={viewerImages}
        index={open}
        onIndexChange={setOpen}
        onClose={() => setOpen(null)}
        label={t('designers.galleryLabel', { name })}
      />
    </>
  );
}

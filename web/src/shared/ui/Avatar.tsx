import { useState } from 'react';
import { imagePath } from '../lib/imagePath';
import { initials } from '../lib/initials';
import { ResponsiveImage } from './ResponsiveImage';
import styles from './Avatar.module.css';

export type AvatarSize = 'xs' | 'sm' | 'md' | 'lg' | 'xl';

export interface AvatarProps {
  /** The person's name: their initials are shown when there is no picture. */
  name: string;
  /** A picture as the API sends it (stored path, data, blob or web address); empty for none. */
  picture?: string;
  /**
   * xs 36 px (lists in modals), sm 44 px (contact list, requests), md 48 px (appointment cards),
   * lg 64 px growing to 96 px on wide screens (the profile header), xl 128 px (booking page), or
   * CSS pixels.
   */
  size: AvatarSize | number;
  /** sage (calm, sage ink), neutral (sage, body text), accent (terracotta), brand (clay gradient). */
  tone?: 'sage' | 'neutral' | 'accent' | 'brand';
  /** The avatar's accessible name; without it the avatar is decorative (the name is written beside it). */
  alt?: string;
  /** Above the fold: the picture loads at once. */
  priority?: boolean;
  /** Placement only (margins, alignment, a ring). */
  className?: string;
}

const PIXELS: Record<AvatarSize, number> = { xs: 36, sm: 44, md: 48, lg: 96, xl: 128 };

/** A person's picture in a circle, or their initials ("?" without any) when there is none or it does not load. */
export function Avatar({ name, picture = '', size, tone = 'sage', alt, priority = false, className }: AvatarProps) {
  const [broken, setBroken] = useState<string | null>(null);
  const pixels = typeof size === 'number' ? size : PIXELS[size];
  const box = typeof size === 'number' ? { width: size, height: size, fontSize: Math.round(size * 0.36) } : undefined;
  const classes = [styles.avatar, styles[tone], typeof size === 'number' ? '' : styles[size], className ?? ''].filter(Boolean).join(' ');
  if (imagePath(picture) !== null && broken !== picture) {
    return (
      <span className={classes} style={box} aria-hidden={alt === undefined ? true : undefined}>
        <ResponsiveImage
          className={styles.image}
          path={picture}
          alt={alt ?? ''}
          width={pixels}
          height={pixels}
          priority={priority}
          onError={() => setBroken(picture)}
        />
      </span>
    );
  }
  const text = initials(name) || '?';
  if (alt === undefined) {
    return (
      <span className={classes} style={box} aria-hidden="true">
        {text}
      </span>
    );
  }
  return (
    <span className={classes} style={box} role="img" aria-label={alt}>
      <span aria-hidden="true">{text}</span>
    </span>
  );
}

import { useState } from 'react';
import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/account';
import { ResponsiveImage } from '../../../shared/ui/ResponsiveImage';
import styles from './Profile.module.css';

/** Up to two initials for a name; "?" for none. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

export interface ProfileAvatarProps {
  name: string;
  /** The stored picture path, or a blob/data URL for a preview. */
  picture: string;
  /** CSS pixels of the largest display size (for the resize request). */
  size?: number;
}

/** The person's photo, or their initials when there is none (or it fails to load). */
export function ProfileAvatar({ name, picture, size = 96 }: ProfileAvatarProps) {
  const [broken, setBroken] = useState<string | null>(null);
  const label = t('account.header.avatarAlt', { name });
  if (picture && broken !== picture) {
    if (picture.startsWith('blob:') || picture.startsWith('data:')) {
      return (
        <span className={styles.avatar}>
          <img src={picture} alt={label} width={size} height={size} onError={() => setBroken(picture)} />
        </span>
      );
    }
    return (
      <span className={styles.avatar}>
        <ResponsiveImage path={picture} alt={label} width={size} height={size} priority onError={() => setBroken(picture)} />
      </span>
    );
  }
  return (
    <span className={styles.avatar} role="img" aria-label={label}>
      <span aria-hidden="true">{initialsOf(name)}</span>
    </span>
  );
}

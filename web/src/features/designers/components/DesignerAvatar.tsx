import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/designers';
import { ResponsiveImage } from '../../../shared/ui/ResponsiveImage';
import { avatarFor } from '../lib/avatar';
import styles from './DesignerAvatar.module.css';

export interface DesignerAvatarProps {
  designer: { name: string; profile_picture: string; gallery_images: readonly string[] };
  /** CSS pixels. */
  size: number;
  priority?: boolean;
  className?: string;
}

/** The avatar rule: profile picture, else the first gallery image, else up to two initials. */
export function DesignerAvatar({ designer, size, priority = false, className }: DesignerAvatarProps) {
  const avatar = avatarFor(designer);
  const style = { width: size, height: size, fontSize: Math.round(size * 0.36) };
  if (avatar.kind === 'image') {
    return (
      <span className={`${styles.avatar} ${className ?? ''}`} style={style}>
        <ResponsiveImage
          className={styles.image}
          path={avatar.path}
          alt={t('designers.avatarAlt', { name: designer.name })}
          width={size}
          height={size}
          priority={priority}
        />
      </span>
    );
  }
  return (
    <span className={`${styles.avatar} ${styles.initials} ${className ?? ''}`} style={style} role="img" aria-label={t('designers.avatarAlt', { name: designer.name })}>
      <span aria-hidden="true">{avatar.text}</span>
    </span>
  );
}

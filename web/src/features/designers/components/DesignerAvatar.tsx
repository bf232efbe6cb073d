import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/designers';
import { Avatar } from '../../../shared/ui/Avatar';
import { avatarPicture } from '../lib/avatar';
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
  return (
    <Avatar
      name={designer.name}
      picture={avatarPicture(designer)}
      size={size}
      tone="brand"
      alt={t('designers.avatarAlt', { name: designer.name })}
      priority={priority}
      className={[styles.ring, className ?? ''].filter(Boolean).join(' ')}
    />
  );
}

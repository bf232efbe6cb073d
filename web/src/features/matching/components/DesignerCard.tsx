import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatEuros } from '../../../shared/i18n/numbers';
import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/matching';
import { galleryPaths } from '../../../shared/lib/imagePath';
import { offlineImageUrl } from '../../../shared/offline/imageStore';
import { FullscreenViewer } from '../../../shared/ui/FullscreenViewer';
import { ResponsiveImage } from '../../../shared/ui/ResponsiveImage';
import { DesignerAvatar } from '../../designers/components/DesignerAvatar';
import { VerifiedBadge } from '../../designers/components/VerifiedBadge';
import { publicStyleLabel } from '../../designers/lib/labels';
import { matchScoreText, type MatchedDesigner } from '../lib/matches';
import styles from './DesignerCard.module.css';

export interface DesignerCardProps {
  designer: MatchedDesigner;
  /** Footer slot for the actions other features own: like, share, contact, book. */
  actions?: ReactNode;
  /** The first cards on screen load their pictures at once. */
  priority?: boolean;
}

/** Thumbnails shown on the card; the viewer shows the whole gallery. */
const THUMBS = 3;
/** A thumbnail's box in CSS pixels. */
const THUMB_WIDTH = 200;
const THUMB_HEIGHT = 150;

/** The URLs of the thumbnails a card shows, to keep them for offline use. */
export function cardThumbUrls(designer: MatchedDesigner): string[] {
  return galleryPaths(designer.gallery_images)
    .slice(0, THUMBS)
    .map((path) => offlineImageUrl(path, THUMB_WIDTH, THUMB_HEIGHT))
    .filter((url): url is string => url !== null);
}

/**
 * A matched designer: avatar, name, city, verified badge, the match line ("92% affine · Minimal,
 * Naturale", the only place the score appears), style, specialties, experience and budget, gallery
 * thumbnails that open the fullscreen viewer, a link to the public profile and a footer slot for
 * actions. The like count is the heart's in that slot (one count per card, read from the likes).
 */
export function DesignerCard({ designer, actions, priority = false }: DesignerCardProps) {
  const [viewing, setViewing] = useState<number | null>(null);
  const gallery = galleryPaths(designer.gallery_images);
  const images = gallery.map((path, index) => ({ path, alt: t('matching.card.photoAlt', { n: index + 1, name: designer.name }) }));
  const titleId = `designer-card-${designer.id}`;
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <header className={styles.head}>
        <DesignerAvatar designer={designer} size={64} priority={priority} />
        <div className={styles.identity}>
          <h3 id={titleId} className={styles.name}>
            <Link to={`/profile/${designer.id}`} className={styles.nameLink}>
              {designer.name}
            </Link>
          </h3>
          <p className={styles.meta}>
            {designer.city}
            {designer.verified ? <VerifiedBadge /> : null}
          </p>
        </div>
      </header>

      {/* The score once per card, with the styles behind it. */}
      <p className={styles.matchLine}>
        <strong className={styles.scoreValue}>{matchScoreText(designer)}</strong>
        {designer.match_style_labels.length > 0 ? ` · ${designer.match_style_labels.join(', ')}` : null}
      </p>

      {gallery.length > 0 ? (
        <ul className={styles.thumbs} aria-label={t('matching.card.gallery', { name: designer.name })}>
          {gallery.slice(0, THUMBS).map((path, index) => (
            <li key={path} className={styles.thumb}>
              <button
                type="button"
                className={styles.thumbButton}
                onClick={() => setViewing(index)}
                aria-label={t('matching.card.openPhoto', { n: index + 1, name: designer.name })}
              >
                <ResponsiveImage path={path} alt="" width={THUMB_WIDTH} height={THUMB_HEIGHT} sizes="(min-width: 900px) 200px, 30vw" minWidth={100} priority={priority && index === 0} />
                {index === THUMBS - 1 && gallery.length > THUMBS ? <span className={styles.more}>+{gallery.length - THUMBS}</span> : null}
              </button>
            </li>
          ))}
        </ul>
      ) : null}

      <ul className={styles.facts}>
        {designer.design_style ? <li>{t('matching.card.style', { style: publicStyleLabel(designer) })}</li> : null}
        {designer.experience > 0 ? <li>{t('matching.card.experience', { years: designer.experience })}</li> : null}
        <li>{t('matching.card.budget', { amount: formatEuros(designer.min_budget) })}</li>
      </ul>

      {designer.specialties.length > 0 ? (
        <ul className={styles.tags}>
          {designer.specialties.map((s) => (
            <li key={s} className={styles.tag}>
              {s}
            </li>
          ))}
        </ul>
      ) : null}

      <footer className={styles.footer}>
        <Link to={`/profile/${designer.id}`} className={styles.profileLink}>
          {t('matching.card.profile')}
        </Link>
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </footer>

      <FullscreenViewer
        images={images}
        index={viewing}
        onIndexChange={setViewing}
        onClose={() => setViewing(null)}
        label={t('matching.card.gallery', { name: designer.name })}
      />
    </article>
  );
}

import { Link } from 'react-router';
import { formatLongDate } from '../../../shared/i18n/dates';
import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/engagement';
import { Alert } from '../../../shared/ui/Alert';
import { offlineImageUrl } from '../../../shared/offline/imageStore';
import { useKeepImagesOffline } from '../../../shared/offline/useKeptImages';
import { Button } from '../../../shared/ui/Button';
import { ResponsiveImage } from '../../../shared/ui/ResponsiveImage';
import { useGetMyLikesQuery } from '../api/engagementApi';
import styles from './FavouriteDesigners.module.css';
import { LikeButton } from './LikeButton';

/** The cover's side in CSS pixels. */
const COVER = 80;

function coverOf(designer: { gallery_images: string[]; profile_picture: string }): string {
  return designer.gallery_images[0] ?? designer.profile_picture;
}

export interface FavouriteDesignersProps {
  /** Heading level of the section title inside the page (2 by default). */
  headingLevel?: 2 | 3;
  className?: string;
}

/**
 * "Preferiti" for /user-profile: the designers the customer liked, newest first, each with its
 * heart to unlike. The list is a cached GET and the small images load eagerly, so the shortlist
 * opens offline once it has been seen (IndexedDB for the list and a small copy of each cover).
 */
export function FavouriteDesigners({ headingLevel = 2, className }: FavouriteDesignersProps) {
  const likes = useGetMyLikesQuery();
  useKeepImagesOffline(
    (likes.data ?? []).map(({ designer }) => offlineImageUrl(coverOf(designer), COVER, COVER)).filter((url): url is string => url !== null),
  );
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className={`${styles.section} ${className ?? ''}`} aria-labelledby="favourites-title" data-testid="favourites">
      <Heading id="favourites-title" className={styles.title}>
        {t('engagement.favourites.title')}
      </Heading>
      <p className={styles.intro}>{t('engagement.favourites.intro')}</p>
      {likes.isLoading ? (
        <p className={styles.meta} role="status">
          …
        </p>
      ) : !likes.data ? (
        <Alert tone="error">
          {t('engagement.favourites.loadFailed')}{' '}
          <Button variant="ghost" onClick={() => void likes.refetch()}>
            {t('engagement.stats.retry')}
          </Button>
        </Alert>
      ) : likes.data.length === 0 ? (
        <p className={styles.meta}>{t('engagement.favourites.empty')}</p>
      ) : (
        <ul className={styles.list}>
          {likes.data.map(({ designer, liked_at: likedAt }) => (
            <li key={designer.id} className={styles.card}>
              <span className={styles.cover}>
                <ResponsiveImage path={coverOf(designer)} alt="" width={COVER} height={COVER} priority />
              </span>
              <span className={styles.body}>
                <Link className={styles.name} to={`/profile/${designer.id}`}>
                  {designer.name}
                </Link>
                <span className={styles.meta}>{[designer.design_style_label, designer.city].filter(Boolean).join(' · ')}</span>
                {likedAt ? <span className={styles.meta}>{t('engagement.favourites.likedOn', { date: formatLongDate(likedAt) })}</span> : null}
                <span className={styles.actions}>
                  <LikeButton designerId={designer.id} designerName={designer.name} initialCount={designer.like_count} compact />
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

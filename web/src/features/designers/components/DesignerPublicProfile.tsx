import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/designers';
import { StaleNotice } from '../../../shared/ui/StaleNotice';
import { useDesignerPage } from '../hooks/useDesigner';
import type { Designer } from '../lib/designer';
import { profileLoadError } from '../lib/errors';
import { publicStyleLabel, workModeLabel } from '../lib/labels';
import { DesignerAvatar } from './DesignerAvatar';
import { DesignerLinks } from './DesignerLinks';
import { DesignerLoadFailed, DesignerLoading, DesignerNotFound } from './DesignerLoadStates';
import { GalleryGrid } from './GalleryGrid';
import { SpecialtyList } from './SpecialtyList';
import { VerifiedBadge } from './VerifiedBadge';
import styles from './DesignerPublicProfile.module.css';

export interface DesignerPublicProfileProps {
  designerId: string | undefined;
  /** The contact icon next to the name (messaging, or the visitor's registration prompt). */
  renderContact?: (designer: Designer) => ReactNode;
  /** Further actions under the facts: share and like (engagement), book (scheduling). */
  renderActions?: (designer: Designer) => ReactNode;
}

/** /profile/{id}: the designer's public profile card, bio and gallery. */
export function DesignerPublicProfile({ designerId, renderContact, renderActions }: DesignerPublicProfileProps) {
  const load = useDesignerPage(designerId);
  if (load.state === 'loading') return <DesignerLoading />;
  if (load.state === 'notFound') return <DesignerNotFound />;
  if (load.state === 'failed') return <DesignerLoadFailed message={profileLoadError(load.error)} retry={load.retry} />;
  const { designer } = load;
  const style = publicStyleLabel(designer);
  return (
    <article className={styles.page} aria-labelledby="profile-name">
      {load.stale ? (
        <div className={styles.notice}>
          <StaleNotice fetchedAt={load.fetchedAt} />
        </div>
      ) : null}
      <div className={styles.layout}>
        <aside className={styles.card}>
          <div className={styles.identity}>
            <DesignerAvatar designer={designer} size={112} priority />
            <div className={styles.nameRow}>
              <div>
                <p className={styles.eyebrow}>{t('designers.profile.eyebrow')}</p>
                <h1 id="profile-name" className={styles.name}>
                  {designer.name}
                </h1>
              </div>
              {renderContact ? <div className={styles.contact}>{renderContact(designer)}</div> : null}
            </div>
            {designer.verified ? <VerifiedBadge /> : null}
          </div>
          <dl className={styles.facts}>
            {style ? (
              <div>
                <dt>{t('designers.facts.style')}</dt>
                <dd>{style}</dd>
              </div>
            ) : null}
            <div>
              <dt>{t('designers.facts.experience')}</dt>
              <dd>{t('designers.years', { count: designer.experience })}</dd>
            </div>
            <div>
              <dt>{t('designers.facts.budget')}</dt>
              <dd className={styles.budget}>{t('designers.budgetFrom', { min_budget: designer.min_budget })}</dd>
            </div>
            {designer.city ? (
              <div>
                <dt>{t('designers.facts.city')}</dt>
                <dd>{designer.city}</dd>
              </div>
            ) : null}
            {designer.work_preferences.length > 0 ? (
              <div className={styles.wide}>
                <dt>{t('designers.facts.workModes')}</dt>
                <dd>
                  <SpecialtyList specialties={designer.work_preferences.map(workModeLabel)} tone="sage" />
                </dd>
              </div>
            ) : null}
            {designer.specialties.length > 0 ? (
              <div className={styles.wide}>
                <dt>{t('designers.facts.specialties')}</dt>
                <dd>
                  <SpecialtyList specialties={designer.specialties} />
                </dd>
              </div>
            ) : null}
          </dl>
          {renderActions ? <div className={styles.actions}>{renderActions(designer)}</div> : null}
          <DesignerLinks designer={designer} />
          <Link className={styles.portfolioLink} to={`/designer/${designer.id}`}>
            {t('designers.profile.seePortfolio')}
            <span aria-hidden="true"> →</span>
          </Link>
        </aside>
        <div className={styles.main}>
          <section aria-labelledby="profile-bio">
            <h2 id="profile-bio" className={styles.sectionTitle}>
              {t('designers.portfolio.about')}
            </h2>
            <p className={styles.bio}>{designer.bio}</p>
          </section>
          <section aria-labelledby="profile-gallery" className={styles.gallery}>
            <h2 id="profile-gallery" className={styles.sectionTitle}>
              {t('designers.portfolio.projects')}
            </h2>
            {designer.gallery_images.length > 0 ? (
              <GalleryGrid images={designer.gallery_images} name={designer.name} tileWidth={300} />
            ) : (
              <p className={styles.empty}>{t('designers.portfolio.noGallery')}</p>
            )}
          </section>
        </div>
      </div>
    </article>
  );
}

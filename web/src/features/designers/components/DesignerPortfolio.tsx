import type { ReactNode } from 'react';
import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/designers';
import { ResponsiveImage } from '../../../shared/ui/ResponsiveImage';
import { StaleNotice } from '../../../shared/ui/StaleNotice';
import { useDesignerPage } from '../hooks/useDesigner';
import type { Designer } from '../lib/designer';
import { portfolioLoadError } from '../lib/errors';
import { publicStyleLabel, workModeLabel } from '../lib/labels';
import { DesignerLinks } from './DesignerLinks';
import { DesignerLoadFailed, DesignerLoading, DesignerNotFound } from './DesignerLoadStates';
import { GalleryGrid } from './GalleryGrid';
import { SpecialtyList } from './SpecialtyList';
import { VerifiedBadge } from './VerifiedBadge';
import styles from './DesignerPortfolio.module.css';

export interface DesignerPortfolioProps {
  /** The :id of the route. */
  designerId: string | undefined;
  /** The page's actions: contact (messaging, or the visitor flow), share and like (engagement), book (scheduling). */
  renderActions?: (designer: Designer) => ReactNode;
}

/** /designer/{id}: the designer's portfolio, led by their pictures. */
export function DesignerPortfolio({ designerId, renderActions }: DesignerPortfolioProps) {
  const load = useDesignerPage(designerId);
  if (load.state === 'loading') return <DesignerLoading />;
  if (load.state === 'notFound') return <DesignerNotFound detail={load.error ? portfolioLoadError(load.error) : null} />;
  if (load.state === 'failed') return <DesignerLoadFailed message={portfolioLoadError(load.error)} retry={load.retry} />;
  const { designer } = load;
  const cover = designer.gallery_images[0] ?? designer.profile_picture;
  const style = publicStyleLabel(designer);
  return (
    <article className={styles.page} aria-labelledby="portfolio-name">
      {load.stale ? (
        <div className={styles.notice}>
          <StaleNotice fetchedAt={load.fetchedAt} />
        </div>
      ) : null}
      <header className={styles.hero}>
        <div className={styles.heroText}>
          <p className={styles.eyebrow}>
            {t('designers.portfolio.eyebrow')}
            {style ? ` · ${style}` : ''}
          </p>
          <h1 id="portfolio-name" className={styles.name}>
            {designer.name}
          </h1>
          {designer.verified ? <VerifiedBadge /> : null}
          <ul className={styles.facts}>
            <li>{t('designers.experience', { count: designer.experience })}</li>
            <li>{t('designers.budgetFrom', { min_budget: designer.min_budget })}</li>
            {designer.city ? <li>{designer.city}</li> : null}
          </ul>
          {renderActions ? <div className={styles.actions}>{renderActions(designer)}</div> : null}
        </div>
        {cover ? (
          <div className={styles.cover}>
            <ResponsiveImage
              className={styles.coverImage}
              path={cover}
              alt={t('designers.projectAlt', { n: 1, name: designer.name })}
              width={640}
              height={480}
              minWidth={360}
              sizes="(min-width: 900px) 640px, 100vw"
              priority
            />
          </div>
        ) : null}
      </header>

      <section className={styles.about} aria-labelledby="portfolio-about">
        <div className={styles.bio}>
          <h2 id="portfolio-about" className={styles.sectionTitle}>
            {t('designers.portfolio.about')}
          </h2>
          <p className={styles.bioText}>{designer.bio}</p>
        </div>
        <dl className={styles.details}>
          {style ? (
            <div>
              <dt>{t('designers.facts.style')}</dt>
              <dd>{style}</dd>
            </div>
          ) : null}
          {designer.specialties.length > 0 ? (
            <div>
              <dt>{t('designers.facts.specialties')}</dt>
              <dd>
                <SpecialtyList specialties={designer.specialties} />
              </dd>
            </div>
          ) : null}
          {designer.work_preferences.length > 0 ? (
            <div>
              <dt>{t('designers.facts.workModes')}</dt>
              <dd>
                <SpecialtyList specialties={designer.work_preferences.map(workModeLabel)} tone="sage" />
              </dd>
            </div>
          ) : null}
          {designer.prima_proposta ? (
            <div>
              <dt>{t('designers.facts.primaProposta')}</dt>
              <dd>{t('designers.primaPropostaValue', { time: designer.prima_proposta })}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t('designers.facts.links')}</dt>
            <dd>
              <DesignerLinks designer={designer} emptyText="—" />
            </dd>
          </div>
        </dl>
      </section>

      <section className={styles.projects} aria-labelledby="portfolio-projects">
        <h2 id="portfolio-projects" className={styles.sectionTitle}>
          {t('designers.portfolio.projects')}
        </h2>
        {designer.gallery_images.length > 0 ? (
          <GalleryGrid images={designer.gallery_images} name={designer.name} layout="mosaic" />
        ) : (
          <p className={styles.empty}>{t('designers.portfolio.noGallery')}</p>
        )}
      </section>
    </article>
  );
}

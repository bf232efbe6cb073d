import { useState, type ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { Link, useNavigate } from 'react-router';
import { skipToken } from '@reduxjs/toolkit/query';
import { useStaleness } from '../../../shared/api/staleSlice';
import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/designers';
import { selectIsDesigner, selectIsLoggedIn, type WithSession } from '../../../shared/session/sessionSlice';
import { Button, ButtonLink } from '../../../shared/ui/Button';
import { PageLoader } from '../../../shared/ui/PageLoader';
import { StaleNotice } from '../../../shared/ui/StaleNotice';
import { useGetMyDesignerQuery } from '../api/designersApi';
import type { Designer } from '../lib/designer';
import { toAppError } from '../lib/errors';
import { designerStyleLabel } from '../../../shared/lib/designStyles';
import { workModesText } from '../lib/labels';
import { DesignerAvatar } from './DesignerAvatar';
import { DesignerLinks } from './DesignerLinks';
import { EditProfileModal } from './EditProfileModal';
import { GalleryGrid } from './GalleryGrid';
import { SpecialtyList } from './SpecialtyList';
import { StatusPanel } from './StatusPanel';
import { VerifiedBadge } from './VerifiedBadge';
import styles from './DesignerDashboard.module.css';

export interface DesignerDashboardProps {
  /**
   * The four counters under the header, in order: likes (engagement), messages (messaging),
   * confirmed appointments and availability settings (scheduling). Each feature renders its own
   * DashboardCounter (shared/ui) that opens its modal.
   */
  renderCounters?: (designer: Designer) => ReactNode;
  /** What other features add to the page: their modals and the new-message notification. */
  renderExtras?: (designer: Designer) => ReactNode;
  /**
   * What needs the designer first, above the profile: the booking requests waiting for an answer
   * (scheduling), so a phone shows them without scrolling.
   */
  renderPriority?: (designer: Designer) => ReactNode;
}

/** "Accesso negato": visitors and accounts without the designer role. */
export function DesignerAccessDenied({ loggedIn }: { loggedIn: boolean }) {
  return (
    <StatusPanel
      title={t('designers.dashboard.accessDeniedTitle')}
      art="lock"
      actions={
        <>
          <ButtonLink to="/designer-registration" variant="primary" size="lg">
            {t('designers.dashboard.register')}
          </ButtonLink>
          {loggedIn ? null : (
            <ButtonLink to="/login" variant="secondary" size="lg">
              {t('designers.dashboard.login')}
            </ButtonLink>
          )}
        </>
      }
    >
      <p>{t('designers.dashboard.accessDenied')}</p>
    </StatusPanel>
  );
}

/** "Profilo Designer Non Trovato": a designer account without a profile. */
export function DesignerProfileMissing() {
  const navigate = useNavigate();
  return (
    <StatusPanel
      title={t('designers.dashboard.notFoundTitle')}
      art="plan"
      actions={
        <>
          <ButtonLink to="/designer-registration" variant="primary" size="lg">
            {t('designers.dashboard.completeRegistration')}
          </ButtonLink>
          <Button variant="secondary" size="lg" onClick={() => navigate(-1)}>
            {t('designers.dashboard.goBack')}
          </Button>
        </>
      }
    >
      <p>{t('designers.dashboard.notFoundIntro')}</p>
      <ul>
        <li>{t('designers.dashboard.notFoundReason1')}</li>
        <li>{t('designers.dashboard.notFoundReason2')}</li>
        <li>{t('designers.dashboard.notFoundReason3')}</li>
      </ul>
    </StatusPanel>
  );
}

/** /designer-profile: the signed-in designer's private dashboard. */
export function DesignerDashboard({ renderCounters, renderExtras, renderPriority }: DesignerDashboardProps) {
  const loggedIn = useSelector((state: WithSession) => selectIsLoggedIn(state));
  const isDesigner = useSelector((state: WithSession) => selectIsDesigner(state));
  const allowed = loggedIn && isDesigner;
  const result = useGetMyDesignerQuery(allowed ? undefined : skipToken);
  const { stale, fetchedAt } = useStaleness(result);

  if (!allowed) return <DesignerAccessDenied loggedIn={loggedIn} />;
  if (result.data) {
    if (!result.data.designer) return <DesignerProfileMissing />;
    return (
      <DashboardContent
        designer={result.data.designer}
        stale={stale}
        fetchedAt={fetchedAt}
        renderCounters={renderCounters}
        renderExtras={renderExtras}
        renderPriority={renderPriority}
      />
    );
  }
  if (result.isError) {
    const error = toAppError(result.error);
    if (error.status === 404) return <DesignerProfileMissing />;
    return (
      <StatusPanel
        title={t('designers.dashboard.loadFailed')}
        art="plan"
        alert
        actions={
          <Button variant="primary" size="lg" onClick={() => void result.refetch()}>
            {t('designers.retry')}
          </Button>
        }
      >
        <p>{error.message}</p>
      </StatusPanel>
    );
  }
  return <PageLoader />;
}

interface DashboardContentProps extends DesignerDashboardProps {
  designer: Designer;
  stale: boolean;
  fetchedAt: number | null;
}

function DashboardContent({ designer, stale, fetchedAt, renderCounters, renderExtras, renderPriority }: DashboardContentProps) {
  const [editing, setEditing] = useState(false);
  const style = designer.design_style === '' ? '' : designerStyleLabel(designer.design_style);
  return (
    <div className={styles.page}>
      {stale ? (
        <div className={styles.notice}>
          <StaleNotice fetchedAt={fetchedAt} />
        </div>
      ) : null}
      {renderPriority ? renderPriority(designer) : null}
      <header className={styles.header}>
        <DesignerAvatar designer={designer} size={120} priority className={styles.avatar} />
        <div className={styles.identity}>
          <p className={styles.eyebrow}>{t('designers.dashboard.eyebrow')}</p>
          <h1 className={styles.name}>
            {designer.name} {designer.verified ? <VerifiedBadge /> : null}
          </h1>
          <p className={styles.subline}>{[style, designer.city].filter(Boolean).join(' · ')}</p>
          <p className={styles.bio}>{designer.bio || t('designers.dashboard.noBio')}</p>
          <div className={styles.actions}>
            <Button variant="primary" onClick={() => setEditing(true)}>
              {t('designers.dashboard.edit')}
            </Button>
            <ButtonLink to={`/profile/${designer.id}`} variant="secondary">
              {t('designers.dashboard.viewPublic')}
            </ButtonLink>
          </div>
        </div>
      </header>

      {renderCounters ? (
        <section className={styles.counters} aria-label={t('designers.dashboard.counters')}>
          {renderCounters(designer)}
        </section>
      ) : null}

      <div className={styles.columns}>
        <section className={styles.panel} aria-labelledby="dashboard-details">
          <h2 id="dashboard-details" className={styles.panelTitle}>
            {t('designers.dashboard.details')}
          </h2>
          <dl className={styles.facts}>
            <div>
              <dt>{t('designers.facts.style')}</dt>
              <dd>{style || '—'}</dd>
            </div>
            <div>
              <dt>{t('designers.facts.workModes')}</dt>
              <dd>{workModesText(designer.work_preferences) || '—'}</dd>
            </div>
            <div>
              <dt>{t('designers.facts.primaProposta')}</dt>
              <dd>{designer.prima_proposta || '—'}</dd>
            </div>
            <div>
              <dt>{t('designers.facts.city')}</dt>
              <dd>{designer.city || '—'}</dd>
            </div>
            <div>
              <dt>{t('designers.facts.experience')}</dt>
              <dd>{t('designers.years', { count: designer.experience })}</dd>
            </div>
            <div>
              <dt>{t('designers.facts.budget')}</dt>
              <dd>{t('designers.budgetFrom', { min_budget: designer.min_budget })}</dd>
            </div>
            {designer.email ? (
              <div className={styles.wide}>
                <dt>{t('designers.facts.email')}</dt>
                <dd className={styles.breakable}>{designer.email}</dd>
              </div>
            ) : null}
            {designer.phone ? (
              <div>
                <dt>{t('designers.facts.phone')}</dt>
                <dd>{designer.phone}</dd>
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
        </section>
        <section className={styles.panel} aria-labelledby="dashboard-links">
          <h2 id="dashboard-links" className={styles.panelTitle}>
            {t('designers.facts.links')}
          </h2>
          <DesignerLinks designer={designer} emptyText={t('designers.dashboard.noLinks')} />
        </section>
      </div>

      <section className={styles.gallery} aria-labelledby="dashboard-gallery">
        <div className={styles.galleryHead}>
          <h2 id="dashboard-gallery" className={styles.panelTitle}>
            {t('designers.dashboard.gallery')}
          </h2>
          <Link to={`/designer/${designer.id}`} className={styles.portfolioLink}>
            {t('designers.profile.seePortfolio')}
          </Link>
        </div>
        {designer.gallery_images.length > 0 ? (
          <GalleryGrid images={designer.gallery_images} name={designer.name} />
        ) : (
          <div className={styles.galleryEmpty}>
            <p>{t('designers.dashboard.galleryEmpty')}</p>
            <Button variant="secondary" onClick={() => setEditing(true)}>
              {t('designers.dashboard.addPhotos')}
            </Button>
          </div>
        )}
      </section>

      {renderExtras ? renderExtras(designer) : null}
      <EditProfileModal designer={designer} open={editing} onClose={() => setEditing(false)} />
    </div>
  );
}

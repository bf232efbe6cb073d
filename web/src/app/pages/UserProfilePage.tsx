import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CustomerAppointmentsPanel } from '../../features/appointments/components/CustomerAppointments';
import { useGetProfileQuery } from '../../features/auth/api/authApi';
import { CustomerConversations } from '../../features/chat/components/CustomerConversations';
import { DeleteAccount } from '../../features/auth/components/DeleteAccount';
import { EditProfileModal } from '../../features/auth/components/EditProfileModal';
import { LogoutEverywhere } from '../../features/auth/components/LogoutEverywhere';
import { ProfileHeader } from '../../features/auth/components/ProfileHeader';
import { StyleProfileModal, StyleProfilePanel } from '../../features/auth/components/StyleProfile';
import { FavouriteDesigners } from '../../features/engagement/components/FavouriteDesigners';
import { SendResultsButton } from '../../features/engagement/components/SendResultsButton';
import { MatchedDesigners } from '../../features/matching/components/MatchedDesigners';
import { PushOptIn } from '../../features/push/components/PushOptIn';
import { useStaleness } from '../../shared/api/staleSlice';
import type { AppError } from '../../shared/api/errors';
import { t } from '../../shared/i18n/t';
import '../../shared/i18n/parts/account';
import '../../shared/i18n/parts/engagement';
import { Alert } from '../../shared/ui/Alert';
import { Button } from '../../shared/ui/Button';
import { PageLoader } from '../../shared/ui/PageLoader';
import { StaleNotice } from '../../shared/ui/StaleNotice';
import { LogoutConfirm } from '../shell/LogoutConfirm';
import styles from './UserProfilePage.module.css';

/** The ids of the matched designers in the profile answer, best first. */
function matchedIds(list: readonly unknown[]): number[] {
  return list
    .map((item) => (typeof item === 'object' && item !== null ? Number((item as { id?: unknown; designer_id?: unknown }).id ?? (item as { designer_id?: unknown }).designer_id) : NaN))
    .filter((id) => Number.isInteger(id) && id > 0);
}

/**
 * /user-profile: the customer's page, a list of separate sections. Each feature adds its own
 * <section> here in one line (matched designers, favourites, conversations come from their features).
 */
export function UserProfilePage() {
  const profile = useGetProfileQuery();
  const { stale, fetchedAt } = useStaleness(profile);
  const [editOpen, setEditOpen] = useState(false);
  const [styleOpen, setStyleOpen] = useState(false);
  const [logoutOpen, setLogoutOpen] = useState(false);
  const navigate = useNavigate();
  // The unread-message e-mail links here with ?chat=<contact id>.
  const [params] = useSearchParams();
  const chatLink = Number(params.get('chat'));

  if (!profile.data) {
    if (profile.isError) {
      return (
        <div className={styles.page}>
          <div className={styles.status}>
            <Alert tone="error" title={t('account.loadFailed')}>
              {(profile.error as AppError | undefined)?.message}
            </Alert>
            <Button onClick={() => void profile.refetch()}>{t('account.retry')}</Button>
          </div>
        </div>
      );
    }
    return <PageLoader />;
  }

  const account = profile.data.user;
  return (
    <div className={styles.page}>
      {stale ? <StaleNotice fetchedAt={fetchedAt} /> : null}

      <section className={styles.section} aria-label={t('account.header.eyebrow')}>
        <ProfileHeader account={account} onEdit={() => setEditOpen(true)} onOpenStyle={() => setStyleOpen(true)} onLogout={() => setLogoutOpen(true)} />
      </section>

      <section className={styles.section} aria-label={t('account.style.title')}>
        <StyleProfilePanel analysis={account.style_analysis} onOpen={() => setStyleOpen(true)} />
      </section>

      {account.style_analysis ? (
        <section className={styles.section} aria-label={t('engagement.results.title')}>
          <SendResultsButton styleAnalysis={account.style_analysis} designerIds={matchedIds(profile.data.matched_designers)} />
        </section>
      ) : null}

      {account.style_analysis ? (
        // Without a style profile there are no matches: the style panel above invites to the questionnaire.
        <div className={styles.section}>
          <MatchedDesigners />
        </div>
      ) : null}

      <section className={styles.section}>
        <FavouriteDesigners />
      </section>

      <CustomerConversations className={styles.section} initialContactId={Number.isInteger(chatLink) && chatLink > 0 ? chatLink : null} />

      <section className={styles.section} aria-labelledby="profile-appointments">
        <h2 id="profile-appointments" className={styles.sectionTitle}>
          {t('account.appointments.title')}
        </h2>
        <CustomerAppointmentsPanel />
      </section>

      <PushOptIn side="customer" />

      <section className={styles.section} aria-labelledby="profile-security">
        <h2 id="profile-security" className={styles.sectionTitle}>
          {t('account.section.security')}
        </h2>
        <div className={styles.two}>
          <div className={styles.security}>
            {account.google_linked ? <p>{t('account.security.google')}</p> : null}
            <p>
              {t('account.security.password')}{' '}
              <Link className={styles.link} to={`/request-password-reset?email=${encodeURIComponent(account.email)}`}>
                {t('account.security.passwordLink')}
              </Link>
            </p>
            <LogoutEverywhere />
          </div>
          <DeleteAccount />
        </div>
      </section>

      <EditProfileModal open={editOpen} account={account} onClose={() => setEditOpen(false)} />
      {account.style_analysis ? <StyleProfileModal open={styleOpen} analysis={account.style_analysis} onClose={() => setStyleOpen(false)} /> : null}
      <LogoutConfirm
        open={logoutOpen}
        onCancel={() => setLogoutOpen(false)}
        onDone={() => {
          setLogoutOpen(false);
          navigate('/', { replace: true });
        }}
      />
    </div>
  );
}

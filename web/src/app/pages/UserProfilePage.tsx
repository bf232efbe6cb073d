import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useGetProfileQuery } from '../../features/auth/api/authApi';
import { ProfileHeader } from '../../features/auth/components/ProfileHeader';
import { StyleProfileModal, StyleProfilePanel } from '../../features/auth/components/StyleProfile';
import { useStaleness } from '../../shared/api/staleSlice';
import { whenFirstPainted } from '../../shared/lib/firstPaint';
import { useOptionalModule, useOptionalModuleState } from '../../shared/lib/useOptionalModule';
import { useOnline } from '../../shared/offline/useOutboxStatus';
import { showToast } from '../../shared/ui/Toast';
import type { AppError } from '../../shared/api/errors';
import { t } from '../../shared/i18n/t';
import '../../shared/i18n/parts/account';
import { Alert } from '../../shared/ui/Alert';
import { Button } from '../../shared/ui/Button';
import { PageLoader } from '../../shared/ui/PageLoader';
import { StaleNotice } from '../../shared/ui/StaleNotice';
import { LogoutConfirm } from '../shell/LogoutConfirm';
import styles from './UserProfilePage.module.css';

// The sections below the first screen (UserProfileSections) load once the page has painted: the
// header and the style panel paint without their code, their styles and their requests, and they
// follow a moment later, below what is on screen (nothing above them moves). An optional module:
// offline on a first visit, before the service worker serves the app's chunks, the page shows its
// first screen and the sections come when the connection returns.
const loadSections = () => whenFirstPainted().then(() => import('./UserProfileSections'));
// The profile editor (its form, checks, photo picker and commands) is opened from the header: it
// comes after the first paint too. A tap on "Modifica profilo" before it has arrived marks the button
// busy and opens it as soon as it has; if it cannot arrive, the tap is dropped with a message (the
// editor never opens later by itself), and the next tap asks for it again.
const loadEditor = () => whenFirstPainted().then(() => import('../../features/auth/components/EditProfileModal'));

/**
 * /user-profile: the customer's page, a list of separate sections: the header and the style profile
 * here, the others in UserProfileSections (matched designers, favourites, conversations come from
 * their features).
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
  const chatParam = Number(params.get('chat'));
  const chatLink = Number.isInteger(chatParam) && chatParam > 0 ? chatParam : null;
  const sections = useOptionalModule(loadSections);
  const editor = useOptionalModuleState(loadEditor);
  const [editWanted, setEditWanted] = useState(false);
  const online = useOnline();
  const openEditor = (): void => {
    if (editor.module) {
      setEditOpen(true);
      return;
    }
    if (editor.failed) editor.retry();
    setEditWanted(true);
  };
  useEffect(() => {
    if (!editWanted) return;
    if (editor.module) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the editor a tap asked for has arrived: it opens once
      setEditWanted(false);
      setEditOpen(true);
    } else if (editor.failed && !editor.retrying) {
      setEditWanted(false);
      showToast(t(online ? 'account.editFailed' : 'account.editLater'), { tone: 'error' });
    }
  }, [editWanted, editor.module, editor.failed, editor.retrying, online]);

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
        <ProfileHeader account={account} onEdit={openEditor} editBusy={editWanted} onOpenStyle={() => setStyleOpen(true)} onLogout={() => setLogoutOpen(true)} />
      </section>

      <section className={styles.section} aria-label={t('account.style.title')}>
        <StyleProfilePanel analysis={account.style_analysis} onOpen={() => setStyleOpen(true)} />
      </section>

      {/* The sections below the first screen, once it has painted (a second chunk). */}
      {sections ? <sections.UserProfileSections account={account} matched={profile.data.matched_designers} chatLink={chatLink} /> : null}

      {editor.module ? <editor.module.EditProfileModal open={editOpen} account={account} onClose={() => setEditOpen(false)} /> : null}
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

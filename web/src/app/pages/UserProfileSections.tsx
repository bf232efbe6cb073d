import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CustomerAppointmentsPanel } from '../../features/appointments/components/CustomerAppointments';
import { DeleteAccount } from '../../features/auth/components/DeleteAccount';
import { LogoutEverywhere } from '../../features/auth/components/LogoutEverywhere';
import type { Account } from '../../features/auth/lib/account';
import { accountResetLink } from '../../features/auth/lib/destination';
import { CustomerConversations } from '../../features/chat/components/CustomerConversations';
import { FavouriteDesigners } from '../../features/engagement/components/FavouriteDesigners';
import { SendResultsButton } from '../../features/engagement/components/SendResultsButton';
import { MatchedDesigners } from '../../features/matching/components/MatchedDesigners';
import { PushOptIn } from '../../features/push/components/PushOptIn';
import { t } from '../../shared/i18n/t';
import { Progressive, type ProgressivePart } from '../../shared/ui/Progressive';
import '../../shared/i18n/parts/account';
import '../../shared/i18n/parts/engagement';
import styles from './UserProfilePage.module.css';

/** The ids of the matched designers in the profile answer, best first. */
function matchedIds(list: readonly unknown[]): number[] {
  return list
    .map((item) => (typeof item === 'object' && item !== null ? Number((item as { id?: unknown; designer_id?: unknown }).id ?? (item as { designer_id?: unknown }).designer_id) : NaN))
    .filter((id) => Number.isInteger(id) && id > 0);
}

/** A section of the page under its own heading (the heading names it). */
function TitledSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

export interface UserProfileSectionsProps {
  account: Account;
  /** The profile answer's matched designers (their ids go with the results e-mail). */
  matched: readonly unknown[];
  /** The conversation to open (?chat=<contact id> from the unread-message e-mail), or null. */
  chatLink: number | null;
}

/**
 * The sections of /user-profile below its first screen (results e-mail, matches, favourites,
 * messages, appointments, notifications, security): a chunk of their own, rendered by
 * UserProfilePage once the header and the style panel have painted, one section per task the
 * first time (Progressive). Each feature adds its own part here.
 */
export function UserProfileSections({ account, matched, chatLink }: UserProfileSectionsProps) {
  const parts: ProgressivePart[] = [];
  if (account.style_analysis) {
    parts.push({
      key: 'results',
      node: (
        <section className={styles.section} aria-label={t('engagement.results.title')}>
          <SendResultsButton styleAnalysis={account.style_analysis} designerIds={matchedIds(matched)} />
        </section>
      ),
    });
    // Without a style profile there are no matches: the style panel above invites to the questionnaire.
    parts.push({
      key: 'matches',
      node: (
        <div className={styles.section}>
          <MatchedDesigners />
        </div>
      ),
    });
  }
  parts.push(
    {
      key: 'favourites',
      node: (
        <section className={styles.section}>
          <FavouriteDesigners />
        </section>
      ),
    },
    { key: 'conversations', node: <CustomerConversations className={styles.section} initialContactId={chatLink} /> },
    {
      key: 'appointments',
      node: (
        <TitledSection id="profile-appointments" title={t('account.appointments.title')}>
          <CustomerAppointmentsPanel />
        </TitledSection>
      ),
    },
    { key: 'push', node: <PushOptIn side="customer" /> },
    {
      key: 'security',
      node: (
        <TitledSection id="profile-security" title={t('account.section.security')}>
          <div className={styles.two}>
            <div className={styles.security}>
              {account.google_linked ? <p>{t('account.security.google')}</p> : null}
              <p>
                {t('account.security.password')}{' '}
                <Link className={styles.link} {...accountResetLink(account.email)}>
                  {t('account.security.passwordLink')}
                </Link>
              </p>
              <LogoutEverywhere />
            </div>
            <DeleteAccount />
          </div>
        </TitledSection>
      ),
    },
  );
  // A conversation asked for by its link (the unread-message e-mail, a push notice) opens at once.
  return <Progressive id="user-profile-sections" parts={parts} atOnce={chatLink !== null} />;
}

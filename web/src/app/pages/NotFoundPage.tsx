import { useSelector } from 'react-redux';
import { t } from '../../shared/i18n/t';
import { selectTakesQuestionnaire, type WithSession } from '../../shared/session/sessionSlice';
import { ButtonLink } from '../../shared/ui/Button';
import styles from './StatusPage.module.css';

/** An empty doorway: the picture for a page that is not there. */
function EmptyDoorway() {
  return (
    <svg className={styles.art} viewBox="0 0 240 240" aria-hidden="true">
      <circle cx="120" cy="120" r="112" fill="var(--color-sage-soft)" />
      <path d="M62 206V112a58 58 0 0 1 116 0v94z" fill="var(--color-surface)" stroke="var(--color-border-strong)" strokeWidth="3" />
      <path d="M80 206v-90a40 40 0 0 1 80 0v90" fill="var(--color-bg-alt)" />
      <path d="M80 206l-32 20h144l-32-20" fill="var(--color-sand)" opacity="0.6" />
      <circle cx="148" cy="160" r="4" fill="var(--color-accent)" />
      <path d="M40 206h160" stroke="var(--color-text)" strokeWidth="3" strokeLinecap="round" />
      <path d="M182 96c8-16 22-20 30-14M190 118c10-6 20-4 24 2" stroke="var(--color-sage)" strokeWidth="3" fill="none" strokeLinecap="round" />
    </svg>
  );
}

/** Every unknown path inside the shell. */
export function NotFoundPage() {
  // The questionnaire is for visitors and customers: the home sends a designer or an admin on to theirs.
  const quiz = useSelector((state: WithSession) => selectTakesQuestionnaire(state));
  return (
    <section className={styles.page} aria-labelledby="not-found-title">
      <EmptyDoorway />
      <p className={styles.eyebrow}>{t('notFound.eyebrow')}</p>
      <h1 id="not-found-title" className={styles.title}>
        {t('notFound.title')}
      </h1>
      <p className={styles.body}>{t('notFound.body')}</p>
      <div className={styles.actions}>
        <ButtonLink to="/" variant="primary" size="lg">
          {t('notFound.home')}
        </ButtonLink>
        {quiz ? (
          <ButtonLink to="/?openQuestionnaire=true" variant="secondary" size="lg">
            {t('notFound.test')}
          </ButtonLink>
        ) : null}
      </div>
    </section>
  );
}

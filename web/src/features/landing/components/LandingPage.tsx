import { Link } from 'react-router';
import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/landing';
import { Logo } from '../../../shared/ui/Logo';
import { useCountdown } from '../hooks/useCountdown';
import { pad2 } from '../lib/countdown';
import styles from './LandingPage.module.css';

type UnitKey = 'landing.days' | 'landing.hours' | 'landing.minutes' | 'landing.seconds';

function Unit({ value, unit, padded = true }: { value: number; unit: UnitKey; padded?: boolean }) {
  return (
    <div className={styles.unit}>
      <span className={styles.value}>{padded ? pad2(value) : String(value)}</span>
      <span className={styles.label}>{t(unit, { count: value })}</span>
    </div>
  );
}

/** /landing: a full-bleed countdown to 30 days after load, without the top bar and footer. */
export function LandingPage() {
  const remaining = useCountdown();
  const spoken = t('landing.remaining', {
    days: remaining.days,
    hours: remaining.hours,
    minutes: remaining.minutes,
    seconds: remaining.seconds,
  });
  return (
    <main className={styles.page} id="main">
      <div className={styles.glow} aria-hidden="true" />
      <svg className={styles.arches} viewBox="0 0 600 400" preserveAspectRatio="xMidYMax meet" aria-hidden="true">
        <path d="M40 400V210a120 120 0 0 1 240 0v190" fill="none" stroke="currentColor" strokeWidth="1.2" />
        <path d="M80 400V215a80 80 0 0 1 160 0v185" fill="none" stroke="currentColor" strokeWidth="1.2" />
        <path d="M330 400V150a115 115 0 0 1 230 0v250" fill="none" stroke="currentColor" strokeWidth="1.2" />
        <path d="M370 400V160a75 75 0 0 1 150 0v240" fill="none" stroke="currentColor" strokeWidth="1.2" />
      </svg>
      <div className={styles.content}>
        <Link to="/" className={styles.brand} aria-label={t('shell.logoLabel')}>
          <Logo tone="light" />
        </Link>
        <p className={styles.eyebrow}>{t('landing.eyebrow')}</p>
        <h1 className={styles.title}>{t('landing.title')}</h1>
        <p className={styles.lead}>{t('landing.lead')}</p>
        <div className={styles.countdown} role="timer" aria-label={t('landing.countdownLabel')} data-testid="countdown">
          <Unit value={remaining.days} unit="landing.days" padded={remaining.days < 100} />
          <span className={styles.separator} aria-hidden="true" />
          <Unit value={remaining.hours} unit="landing.hours" />
          <span className={styles.separator} aria-hidden="true" />
          <Unit value={remaining.minutes} unit="landing.minutes" />
          <span className={styles.separator} aria-hidden="true" />
          <Unit value={remaining.seconds} unit="landing.seconds" />
        </div>
        <p className="visually-hidden">{spoken}</p>
        <Link to="/?openQuestionnaire=true" className={styles.cta}>
          {t('landing.cta')}
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M5 12h14m-5-5l5 5-5 5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </Link>
        <p className={styles.signature}>{t('landing.signature')}</p>
      </div>
    </main>
  );
}

import { useRef } from 'react';
import { useSelector } from 'react-redux';
import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/account';
import type { StyleAnalysis } from '../../../shared/lib/journey';
import { Button, ButtonLink } from '../../../shared/ui/Button';
import { Modal } from '../../../shared/ui/Modal';
import { styleDescription, styleLabel } from '../../../shared/lib/designStyles';
import { homePathFor, type WithSession } from '../../../shared/session/sessionSlice';
import { styleBars } from '../lib/styles';
import styles from './Profile.module.css';

export interface StyleBarsProps {
  analysis: StyleAnalysis;
  /** Adds each style's short description under its bar (the modal). */
  withDescriptions?: boolean;
}

/** The five styles as labelled bars, the dominant one in the accent colour. */
export function StyleBars({ analysis, withDescriptions = false }: StyleBarsProps) {
  return (
    <ul className={styles.bars}>
      {styleBars(analysis.style_percentages).map((bar) => (
        <li key={bar.code} className={`${styles.bar} ${bar.code === analysis.dominant_style ? styles.barDominant : ''}`}>
          <span className={styles.barLabel} id={`style-bar-${bar.code}`}>
            {bar.label}
          </span>
          <span className={styles.barValue}>{t('account.style.percent', { value: bar.percent })}</span>
          <span
            className={styles.track}
            role="progressbar"
            aria-labelledby={`style-bar-${bar.code}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={bar.percent}
          >
            <span className={styles.fill} style={{ width: `${bar.percent}%` }} />
          </span>
          {withDescriptions ? <span className={styles.barDescription}>{styleDescription(bar.code)}</span> : null}
        </li>
      ))}
    </ul>
  );
}

export interface StyleProfileModalProps {
  open: boolean;
  analysis: StyleAnalysis;
  onClose: () => void;
}

/** "Il tuo Profilo Sensoriale": the dominant style, its description and all five shares. */
export function StyleProfileModal({ open, analysis, onClose }: StyleProfileModalProps) {
  const closeRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('account.style.title')}
      initialFocusRef={closeRef}
      footer={
        <Button ref={closeRef} variant="secondary" onClick={onClose}>
          {t('account.style.close')}
        </Button>
      }
    >
      <div className={styles.dominant}>
        <span className={styles.dominantLabel}>{t('account.style.dominant')}</span>
        <span className={styles.dominantName}>{styleLabel(analysis.dominant_style)}</span>
        <p className={styles.panelLead}>{styleDescription(analysis.dominant_style)}</p>
      </div>
      <StyleBars analysis={analysis} withDescriptions />
    </Modal>
  );
}

export interface StyleProfilePanelProps {
  analysis: StyleAnalysis | null;
  onOpen: () => void;
}

/**
 * A designer's or an admin's own page for what they do as a client (likes, conversations and calls
 * with other designers; the reply e-mails link here): the questionnaire is not theirs to take (the
 * home sends them to their dashboard), so the panel says where their own work is instead.
 */
function NotAClientPanel({ home }: { home: '/designer-profile' | '/admin' }) {
  const designer = home === '/designer-profile';
  return (
    <div className={`${styles.panel} ${styles.empty}`}>
      <h2 className={styles.panelTitle}>{t('account.style.notForYouTitle')}</h2>
      <p className={styles.panelLead}>{t(designer ? 'account.style.notForDesigner' : 'account.style.notForAdmin')}</p>
      <ButtonLink to={home} variant="primary">
        {t(designer ? 'account.style.toDashboard' : 'account.style.toAdmin')}
      </ButtonLink>
    </div>
  );
}

/** The page's "Profilo Sensoriale" panel, or an invitation to take the questionnaire. */
export function StyleProfilePanel({ analysis, onOpen }: StyleProfilePanelProps) {
  // The questionnaire is not a designer's or an admin's to take (selectTakesQuestionnaire).
  const home = useSelector((state: WithSession) => homePathFor(state));
  if (!analysis && (home === '/designer-profile' || home === '/admin')) return <NotAClientPanel home={home} />;
  if (!analysis) {
    return (
      <div className={`${styles.panel} ${styles.empty}`}>
        <h2 className={styles.panelTitle}>{t('account.style.emptyTitle')}</h2>
        <p className={styles.panelLead}>{t('account.style.empty')}</p>
        <ButtonLink to="/?openQuestionnaire=true" variant="primary">
          {t('account.style.takeQuiz')}
        </ButtonLink>
      </div>
    );
  }
  return (
    <div className={styles.panel}>
      <div className={styles.panelHead}>
        <h2 className={styles.panelTitle}>{t('account.style.title')}</h2>
        <Button variant="ghost" className={styles.panelAction} onClick={onOpen} aria-haspopup="dialog">
          {t('account.style.open')}
        </Button>
      </div>
      <div className={styles.dominant}>
        <span className={styles.dominantLabel}>{t('account.style.dominant')}</span>
        <span className={styles.dominantName}>{styleLabel(analysis.dominant_style)}</span>
      </div>
      <StyleBars analysis={analysis} />
    </div>
  );
}

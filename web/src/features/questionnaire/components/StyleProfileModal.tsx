import { useState } from 'react';
import { t } from '../../../shared/i18n/t';
import { imagePath, resizedUrl } from '../../../shared/lib/imagePath';
import { Button } from '../../../shared/ui/Button';
import { Modal } from '../../../shared/ui/Modal';
import { ResponsiveImage } from '../../../shared/ui/ResponsiveImage';
import type { StyleCode } from '../../designers/lib/designer';
import { useGetQuestionnaireQuery } from '../api/questionnaireApi';
import type { StyleInfo } from '../lib/questionnaire';
import styles from './StyleProfileModal.module.css';

export interface StyleProfileModalProps {
  open: boolean;
  onClose: () => void;
  /** The customer's dominant style, shown first and highlighted. */
  dominant: StyleCode | null;
}

/**
 * 'Il tuo Profilo Sensoriale' (customer spec, /user-profile): each style with its short description
 * and picture (medium size in the modal; the large one can be downloaded), the customer's own first.
 * The texts and pictures come from the questionnaire, which is cached for offline use.
 */
export function StyleProfileModal({ open, onClose, dominant }: StyleProfileModalProps) {
  const { data } = useGetQuestionnaireQuery(undefined, { skip: !open });
  const list = [...(data?.styles ?? [])].sort((a, b) => (a.code === dominant ? -1 : b.code === dominant ? 1 : 0));
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('quiz.sensoryTitle')}
      size="lg"
      footer={
        <Button variant="secondary" onClick={onClose}>
          {t('quiz.sensoryClose')}
        </Button>
      }
    >
      <ul className={styles.list}>
        {list.map((s) => (
          <StyleEntry key={s.code} info={s} mine={s.code === dominant} />
        ))}
      </ul>
    </Modal>
  );
}

function StyleEntry({ info, mine }: { info: StyleInfo; mine: boolean }) {
  const [broken, setBroken] = useState(false);
  const stored = imagePath(info.image);
  return (
    <li className={`${styles.entry} ${mine ? styles.mine : ''}`}>
      <span className={styles.picture}>
        {stored && !broken ? (
          <ResponsiveImage path={stored} alt={info.label} width={240} height={180} sizes="240px" onError={() => setBroken(true)} />
        ) : (
          <span className={styles.noImage}>{t('quiz.imageUnavailable')}</span>
        )}
      </span>
      <span className={styles.text}>
        <strong className={styles.label}>
          {info.label}
          {mine ? <span className={styles.badge}>{t('quiz.sensoryYours')}</span> : null}
        </strong>
        <span className={styles.description}>{info.description}</span>
        {mine && stored ? (
          <a className={styles.download} href={resizedUrl(stored, 1600)} download={`interno-stile-${info.code.toLowerCase()}.jpg`}>
            {t('quiz.sensoryDownload')}
          </a>
        ) : null}
      </span>
    </li>
  );
}

import { useState } from 'react';
import { useNavigate } from 'react-router';
import { t } from '../../../shared/i18n/t';
import { formatNumber } from '../../../shared/i18n/numbers';
import '../../../shared/i18n/parts/engagement';
import { registrationFor } from '../../../shared/lib/journey';
import { RegistrationRequiredModal } from '../../../shared/ui/RegistrationRequiredModal';
import { useLike } from '../hooks/useLike';
import styles from './Engagement.module.css';
import { HeartIcon } from './HeartIcon';

export interface LikeButtonProps {
  designerId: number;
  designerName: string;
  /** The count the page already has (designer.like_count), shown until the live count arrives. */
  initialCount?: number;
  /** Heart and number only (cards); the default also reads "Mi piace". */
  compact?: boolean;
  className?: string;
}

/**
 * The heart with the like count for designer cards and pages. Signed-in people toggle it at once
 * (optimistic, through the outbox, so it also works offline and is sent once); it is disabled while
 * a toggle is on its way. Visitors get 'Registrazione Richiesta' with the liking text; their like
 * waits in the journey and is made once they are signed in.
 */
export function LikeButton({ designerId, designerName, initialCount, compact = false, className }: LikeButtonProps) {
  const navigate = useNavigate();
  const like = useLike(designerId, initialCount);
  const [registerOpen, setRegisterOpen] = useState(false);

  const onClick = async (): Promise<void> => {
    if (!(await like.toggle())) setRegisterOpen(true);
  };
  const register = (): void => {
    setRegisterOpen(false);
    // The like waits in the journey with this page (pendingDesigner, returnAfterRegistration).
    const { to, state } = registrationFor({ kind: 'like', designer: { id: designerId, name: designerName } }, window.location.pathname + window.location.search);
    navigate(to, { state });
  };
  const classes = [styles.pill, like.liked ? styles.liked : '', like.pending ? styles.waiting : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <>
      <button
        type="button"
        className={classes}
        aria-pressed={like.loggedIn ? like.liked : undefined}
        aria-label={t('engagement.like.label', { name: designerName, count: like.count })}
        title={like.pending ? t('engagement.like.pending') : like.liked ? t('engagement.like.remove') : t('engagement.like.add')}
        disabled={like.pending}
        data-testid="like-button"
        onClick={() => void onClick()}
      >
        <HeartIcon />
        {compact ? null : <span>{t('engagement.like.add')}</span>}
        <span className={styles.count} data-testid="like-count">
          {formatNumber(like.count)}
        </span>
      </button>
      <RegistrationRequiredModal open={registerOpen} reason="like" onRegister={register} onCancel={() => setRegisterOpen(false)} />
    </>
  );
}

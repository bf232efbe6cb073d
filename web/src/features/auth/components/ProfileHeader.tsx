import { useSelector } from 'react-redux';
import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/account';
import { styleLabel } from '../../../shared/lib/designStyles';
import { Avatar } from '../../../shared/ui/Avatar';
import { selectTakesQuestionnaire, type WithSession } from '../../../shared/session/sessionSlice';
import { Button } from '../../../shared/ui/Button';
import type { Account } from '../lib/account';
import styles from './Profile.module.css';

export interface ProfileHeaderProps {
  account: Account;
  onEdit: () => void;
  /** "Modifica profilo" was tapped and the editor's code is on its way. */
  editBusy?: boolean;
  onOpenStyle: () => void;
  onLogout: () => void;
}

/** The top of /user-profile: photo, name, e-mail, place, the dominant style, edit and logout. */
export function ProfileHeader({ account, onEdit, editBusy = false, onOpenStyle, onLogout }: ProfileHeaderProps) {
  const analysis = account.style_analysis;
  // The questionnaire is a customer's: a designer or an admin is not told theirs is missing.
  const customer = useSelector((state: WithSession) => selectTakesQuestionnaire(state));
  return (
    <div className={styles.header}>
      <Avatar
        name={account.name}
        picture={account.profile_picture}
        size="lg"
        tone="accent"
        alt={t('account.header.avatarAlt', { name: account.name })}
        priority
        className={styles.avatar}
      />
      <div className={styles.identity}>
        <p className={styles.eyebrow}>{t('account.header.eyebrow')}</p>
        <h1 className={styles.name}>{account.name}</h1>
        <p className={styles.meta}>{account.email}</p>
        <p className={styles.meta}>{account.location || t('account.header.noLocation')}</p>
        {analysis ? (
          <button type="button" className={styles.styleChip} onClick={onOpenStyle} aria-haspopup="dialog">
            {t('account.header.styleButton', { style: styleLabel(analysis.dominant_style) })}
          </button>
        ) : customer ? (
          <p className={styles.styleChipMuted}>{t('account.header.noStyle')}</p>
        ) : null}
      </div>
      <div className={styles.actions}>
        <Button variant="primary" onClick={onEdit} aria-haspopup="dialog" aria-busy={editBusy}>
          {t('account.header.edit')}
        </Button>
        <Button variant="secondary" onClick={onLogout} aria-haspopup="dialog">
          {t('account.header.logout')}
        </Button>
      </div>
    </div>
  );
}

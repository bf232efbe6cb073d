import { useSelector } from 'react-redux';
import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/matching';
import { selectUser, type WithSession } from '../../../shared/session/sessionSlice';
import { ButtonLink } from '../../../shared/ui/Button';
import { renderDesignerCardActions } from './DesignerCardActions';
import { MatchList } from './MatchList';
import styles from './MatchedDesigners.module.css';

export interface MatchedDesignersProps {
  /**
   * Whether the account has a style profile (its `style_analysis`, from GET /api/users/me). An
   * account that never took the questionnaire has no matches (core/matching), so then the prompt
   * to take it shows at once, in the page's first frame, without asking the server for an empty list.
   */
  hasStyleProfile: boolean;
}

/**
 * The signed-in customer's matched designers for /user-profile: five at a time with "Carica altri
 * designer", read from GET /api/designers/matches?user_id= (cached for offline), and the prompt to
 * take the questionnaire when there are none. Renders nothing for visitors.
 */
export function MatchedDesigners({ hasStyleProfile }: MatchedDesignersProps) {
  const user = useSelector((state: WithSession) => selectUser(state));
  const userId = Number(user?.id ?? 0);
  if (!user || !Number.isInteger(userId) || userId <= 0) return null;
  const empty = (
    <div className={styles.empty}>
      <p>{t('matching.noMatches')}</p>
      <ButtonLink to="/?openQuestionnaire=true">{t('matching.takeQuiz')}</ButtonLink>
    </div>
  );
  return (
    <section className={styles.section} aria-labelledby="matched-designers-title">
      <h2 id="matched-designers-title" className={styles.title}>
        {t('matching.profileTitle')}
      </h2>
      {hasStyleProfile ? <MatchList subject={{ user_id: userId }} renderActions={renderDesignerCardActions} empty={empty} /> : empty}
    </section>
  );
}

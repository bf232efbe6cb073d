import { useSelector } from 'react-redux';
import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/matching';
import { selectUser, type WithSession } from '../../../shared/session/sessionSlice';
import { ButtonLink } from '../../../shared/ui/Button';
import { renderDesignerCardActions } from './DesignerCardActions';
import { MatchList } from './MatchList';
import styles from './MatchedDesigners.module.css';

/**
 * The signed-in customer's matched designers for /user-profile: five at a time with "Carica altri
 * designer", read from GET /api/designers/matches?user_id= (cached for offline); when no designer
 * matches the profile, a link to take the questionnaire again. Renders nothing for visitors. The page
 * shows it only to an account with a style profile: one without has no matches (core/matching), and
 * the style panel is then the page's one invitation to the questionnaire (it names the designers too).
 */
export function MatchedDesigners() {
  const user = useSelector((state: WithSession) => selectUser(state));
  const userId = Number(user?.id ?? 0);
  if (!user || !Number.isInteger(userId) || userId <= 0) return null;
  const empty = (
    <div className={styles.empty}>
      <p>{t('matching.empty')}</p>
      <ButtonLink to="/?openQuestionnaire=true">{t('matching.retakeQuiz')}</ButtonLink>
    </div>
  );
  return (
    <section className={styles.section} aria-labelledby="matched-designers-title">
      <h2 id="matched-designers-title" className={styles.title}>
        {t('matching.profileTitle')}
      </h2>
      <MatchList subject={{ user_id: userId }} renderActions={renderDesignerCardActions} empty={empty} />
    </section>
  );
}

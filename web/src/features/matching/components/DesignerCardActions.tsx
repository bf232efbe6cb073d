import { BookButton } from '../../appointments/components/BookButton';
import { ContactButton } from '../../chat/components/ContactButton';
import { LikeButton } from '../../engagement/components/LikeButton';
import { ShareButton } from '../../engagement/components/ShareButton';
import type { MatchedDesigner } from '../lib/matches';
import styles from './DesignerCardActions.module.css';

/**
 * What a person can do from a matched designer's card: like and share (icons), write and book.
 * One component for every list of cards (the home results and /user-profile).
 */
export function DesignerCardActions({ designer }: { designer: MatchedDesigner }) {
  return (
    <div className={styles.actions}>
      <div className={styles.icons}>
        <LikeButton designerId={designer.id} designerName={designer.name} initialCount={designer.like_count} compact />
        <ShareButton designer={designer} compact />
      </div>
      <div className={styles.main}>
        <ContactButton designer={designer} flow="compose" variant="secondary" size="md" />
        <BookButton designerId={designer.id} designerName={designer.name} variant="secondary" />
      </div>
    </div>
  );
}

export const renderDesignerCardActions = (designer: MatchedDesigner) => <DesignerCardActions designer={designer} />;

import { useSelector } from 'react-redux';
import { useParams } from 'react-router';
import { BookButton } from '../../features/appointments/components/BookButton';
import { ContactButton } from '../../features/chat/components/ContactButton';
import { DesignerPublicProfile } from '../../features/designers/components/DesignerPublicProfile';
import { VisitorContact } from '../../features/designers/components/VisitorContact';
import { LikeButton } from '../../features/engagement/components/LikeButton';
import { ShareButton } from '../../features/engagement/components/ShareButton';
import { selectIsLoggedIn } from '../../shared/session/sessionSlice';
import type { RootState } from '../store';

/**
 * /profile/{id}: the public designer profile. The contact icon comes from here; share and like
 * (engagement, issue 6) and booking (scheduling, issue 8) go in `renderActions`, given the designer.
 */
export function DesignerProfilePage() {
  const { id } = useParams();
  const loggedIn = useSelector((state: RootState) => selectIsLoggedIn(state));
  return (
    <DesignerPublicProfile
      designerId={id}
      renderContact={(designer) =>
        // Visitors see "Registrazione Richiesta" first; signed-in people open the contact dialog,
        // which also reopens by itself after registering from here.
        loggedIn ? (
          <ContactButton designer={designer} flow="confirm" appearance="icon" />
        ) : (
          <VisitorContact designer={designer} flow="confirm" appearance="icon" />
        )
      }
      renderActions={(designer) => (
        <>
          <LikeButton designerId={designer.id} designerName={designer.name} initialCount={designer.like_count} />
          <ShareButton designer={designer} />
          <BookButton designerId={designer.id} designerName={designer.name} />
        </>
      )}
    />
  );
}

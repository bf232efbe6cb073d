import { lazy, Suspense } from 'react';
import { useSelector } from 'react-redux';
import { useParams } from 'react-router';
import { DesignerPublicProfile } from '../../features/designers/components/DesignerPublicProfile';
import { VisitorContact } from '../../features/designers/components/VisitorContact';
import { selectIsLoggedIn } from '../../shared/session/sessionSlice';
import type { RootState } from '../store';

// Like, share, book and the signed-in contact dialog (with Dexie, booking, chat and sharing code)
// load in a chunk of their own, requested with this module: the profile paints without them.
const loadActions = () => import('./DesignerProfileActions');
const ProfileActions = lazy(() => loadActions().then((m) => ({ default: m.ProfileActions })));
const SignedInContact = lazy(() => loadActions().then((m) => ({ default: m.SignedInContact })));

/**
 * /profile/{id}: the public designer profile. The contact icon comes from here; share and like
 * (engagement, issue 6) and booking (scheduling, issue 8) go in `renderActions`, given the designer.
 */
export function DesignerProfilePage() {
  const { id } = useParams();
  const loggedIn = useSelector((state: RootState) => selectIsLoggedIn(state));
  void loadActions();
  return (
    <DesignerPublicProfile
      designerId={id}
      renderContact={(designer) =>
        // Visitors see "Registrazione Richiesta" first; signed-in people open the contact dialog,
        // which also reopens by itself after registering from here.
        loggedIn ? (
          <Suspense fallback={null}>
            <SignedInContact designer={designer} />
          </Suspense>
        ) : (
          <VisitorContact designer={designer} flow="confirm" appearance="icon" />
        )
      }
      renderActions={(designer) => (
        <Suspense fallback={null}>
          <ProfileActions designer={designer} />
        </Suspense>
      )}
    />
  );
}

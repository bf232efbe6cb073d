import { useSelector } from 'react-redux';
import { useParams } from 'react-router';
import { DesignerPublicProfile } from '../../features/designers/components/DesignerPublicProfile';
import { VisitorContact } from '../../features/designers/components/VisitorContact';
import { useOptionalModule } from '../../shared/lib/useOptionalModule';
import { selectIsLoggedIn } from '../../shared/session/sessionSlice';
import type { RootState } from '../store';

// Like, share, book and the signed-in contact dialog (with Dexie, booking, chat and sharing code)
// load in a chunk of their own, requested with this module: the profile paints without them. They
// are an optional module, not React.lazy: when their chunk cannot arrive (offline on a first visit,
// before the service worker serves the app's chunks) the profile stays readable without its
// buttons, which appear when the connection returns, instead of the route's error screen.
const loadActions = () => import('./DesignerProfileActions');

/**
 * /profile/{id}: the public designer profile. The contact icon comes from here; share and like
 * (engagement, issue 6) and booking (scheduling, issue 8) go in `renderActions`, given the designer.
 */
export function DesignerProfilePage() {
  const { id } = useParams();
  const loggedIn = useSelector((state: RootState) => selectIsLoggedIn(state));
  // Asked for during the first render, not after it (the hook loads in an effect, after the paint).
  loadActions().catch(() => undefined);
  const actions = useOptionalModule(loadActions);
  return (
    <DesignerPublicProfile
      designerId={id}
      renderContact={(designer) =>
        // Visitors see "Registrazione Richiesta" first; signed-in people open the contact dialog,
        // which also reopens by itself after registering from here.
        loggedIn ? (
          actions ? <actions.SignedInContact designer={designer} /> : null
        ) : (
          <VisitorContact designer={designer} flow="confirm" appearance="icon" />
        )
      }
      renderActions={(designer) => (actions ? <actions.ProfileActions designer={designer} /> : null)}
    />
  );
}

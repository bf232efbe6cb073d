import type { ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { useParams } from 'react-router';
import { DesignerPublicProfile } from '../../features/designers/components/DesignerPublicProfile';
import { VisitorContact } from '../../features/designers/components/VisitorContact';
import { whenFirstPainted } from '../../shared/lib/firstPaint';
import { useOptionalModuleState } from '../../shared/lib/useOptionalModule';
import { t } from '../../shared/i18n/t';
import { selectIsLoggedIn } from '../../shared/session/sessionSlice';
import type { RootState } from '../store';
import styles from './DesignerProfilePage.module.css';

// Like, share, book and the signed-in contact dialog (with the outbox, booking, chat and sharing
// code) load in a chunk of their own, asked for once the page has painted (at once on a later
// screen of the visit): on a first visit the profile paints in its first render (a visitor's answer
// comes with the page, firstanswer.go), and what is asked for before that paint competes with it.
// Their row keeps its height meanwhile, so nothing moves when they arrive. They are an optional
// module, not React.lazy: when their chunk cannot arrive (offline on a first visit, before the
// service worker serves the app's chunks) the profile stays readable without its buttons, which
// appear when the connection returns, instead of the route's error screen.
const loadActions = () => whenFirstPainted().then(() => import('./DesignerProfileActions'));

type Actions = Awaited<ReturnType<typeof loadActions>>;

// Each slot waits for the actions on its own, so their arrival renders the slot, not the profile.
// While their chunk cannot arrive, the slot shows `unreachable` (the actions' row says why it is
// empty; the contact icon's slot shows nothing).
function ActionsSlot({ render, unreachable = null }: { render: (actions: Actions) => ReactNode; unreachable?: ReactNode }) {
  const { module: actions, failed } = useOptionalModuleState(loadActions);
  if (actions) return render(actions);
  return failed ? unreachable : null;
}

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
          <ActionsSlot render={(actions) => <actions.SignedInContact designer={designer} />} />
        ) : (
          <VisitorContact designer={designer} flow="confirm" appearance="icon" />
        )
      }
      renderActions={(designer) => (
        <ActionsSlot
          render={(actions) => <actions.ProfileActions designer={designer} />}
          unreachable={<p className={styles.actionsLater}>{t('offline.actionsLater')}</p>}
        />
      )}
    />
  );
}

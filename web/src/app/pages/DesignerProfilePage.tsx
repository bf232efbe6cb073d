import { useEffect, useRef, type ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { useParams } from 'react-router';
import { DesignerPublicProfile } from '../../features/designers/components/DesignerPublicProfile';
import { VisitorContact } from '../../features/designers/components/VisitorContact';
import { useOwnProfile } from '../../features/designers/hooks/useOwnProfile';
import type { Designer } from '../../features/designers/lib/designer';
import { useOptionalModuleState } from '../../shared/lib/useOptionalModule';
import { t } from '../../shared/i18n/t';
import { useOnline } from '../../shared/offline/useOutboxStatus';
import { selectIsLoggedIn } from '../../shared/session/sessionSlice';
import type { RootState } from '../store';
import { Button, ButtonLink } from '../../shared/ui/Button';
import '../../shared/i18n/parts/designers';
import styles from './DesignerProfilePage.module.css';
import { loadProfileActions, type ProfileActionsModule } from './loadProfileActions';

// The profile's actions load after the first paint (loadProfileActions). Their row keeps its
// height meanwhile, so nothing moves when they arrive. They are an optional module, not
// React.lazy: when their chunk cannot arrive (offline on a first visit, before the service worker
// serves the app's chunks; or a connection that failed while the browser thinks it is online) the
// profile stays readable without its buttons instead of taking the route's error screen. Offline,
// the row says so and the actions come with the connection; online, it offers "Riprova".
//
// Each slot waits for the actions on its own, so their arrival renders the slot, not the profile.
// While their chunk cannot arrive, the actions' row shows why it is empty (`explainFor`: what is
// missing differs for the profile's own designer, who shares it and has the way to the dashboard);
// the contact icon's slot shows nothing.
function ActionsSlot({ render, explainFor }: { render: (actions: ProfileActionsModule) => ReactNode; explainFor?: Designer }) {
  const { module: actions, failed, retrying, retry } = useOptionalModuleState(loadProfileActions);
  // After "Riprova" the button goes away with the actions' arrival: the focus goes to their first.
  const asked = useRef(false);
  const row = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!actions || !asked.current) return;
    asked.current = false;
    row.current?.querySelector<HTMLElement>('button, a[href]')?.focus();
  }, [actions]);
  if (actions) {
    return (
      <div ref={row} className={styles.slot}>
        {render(actions)}
      </div>
    );
  }
  const retryHere = (): void => {
    asked.current = true;
    retry();
  };
  return failed && explainFor ? <ActionsUnreachable designer={explainFor} retrying={retrying} retry={retryHere} /> : null;
}

function ActionsUnreachable({ designer, retrying, retry }: { designer: Designer; retrying: boolean; retry: () => void }) {
  const online = useOnline();
  // Asked only here, once the actions could not arrive: a designer's /users/me (when the profile's
  // copy does not name its account) is otherwise the actions' own request, after the first paint.
  const own = useOwnProfile(designer);
  // The way to the dashboard is a plain link: it needs none of the missing code.
  const dashboard = own ? (
    <ButtonLink to="/designer-profile" variant="secondary">
      {t('designers.own.dashboard')}
    </ButtonLink>
  ) : null;
  if (!online) {
    return (
      <div className={styles.actionsFailed}>
        <p className={styles.actionsLater}>{t(own ? 'offline.ownActionsLater' : 'offline.actionsLater')}</p>
        {dashboard}
      </div>
    );
  }
  return (
    <div className={styles.actionsFailed}>
      <p className={styles.actionsLater}>{t(own ? 'offline.ownActionsFailed' : 'offline.actionsFailed')}</p>
      {/* aria-disabled, not disabled: the button keeps the focus while the chunk is asked for again. */}
      <Button variant="secondary" onClick={retrying ? undefined : retry} aria-disabled={retrying} aria-busy={retrying}>
        {t('routeError.retry')}
      </Button>
      {dashboard}
    </div>
  );
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
      renderActions={(designer) => <ActionsSlot render={(actions) => <actions.ProfileActions designer={designer} />} explainFor={designer} />}
    />
  );
}

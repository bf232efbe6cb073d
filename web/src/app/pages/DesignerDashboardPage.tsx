import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConfirmedAppointmentsCounter } from '../../features/appointments/components/AppointmentCounters';
import { DesignerAppointmentsModal } from '../../features/appointments/components/DesignerAppointments';
import { PendingRequests } from '../../features/appointments/components/PendingRequests';
import { AvailabilityCounter } from '../../features/availability/components/AvailabilityCounter';
import { AvailabilityModal } from '../../features/availability/components/AvailabilityModal';
import { ChatModal } from '../../features/chat/components/ChatModal';
import { ContactList } from '../../features/chat/components/ContactList';
import { MessagesCounter, NewMessageNotice } from '../../features/chat/components/DesignerMessages';
import { LogoutEverywhere } from '../../features/auth/components/LogoutEverywhere';
import { DesignerDashboard } from '../../features/designers/components/DesignerDashboard';
import { LikesCounter } from '../../features/engagement/components/LikesCounter';
import { PushOptIn } from '../../features/push/components/PushOptIn';
import '../../shared/i18n/parts/account';
import { t } from '../../shared/i18n/t';
import { Panel } from '../../shared/ui/Panel';
import styles from './DesignerDashboardPage.module.css';
import '../../shared/i18n/parts/engagement';

/**
 * /designer-profile: the designer's dashboard. The designers feature draws the profile; the four
 * counters and the modals they open belong to other features and are composed here; their modals
 * and messaging's "Nuovo messaggio da {sender}" notification go in `renderExtras`, given the designer.
 */
export function DesignerDashboardPage() {
  const [appointments, setAppointments] = useState<{ open: boolean; tab: 'all' | 'pending' }>({ open: false, tab: 'all' });
  const [availabilityOpen, setAvailabilityOpen] = useState(false);
  // The unread-message e-mail links here with ?chat=<contact id>.
  const [params] = useSearchParams();
  const linked = Number(params.get('chat'));
  const [chat, setChat] = useState<{ open: boolean; contactId: number | null }>(() =>
    Number.isInteger(linked) && linked > 0 ? { open: true, contactId: linked } : { open: false, contactId: null },
  );
  return (
    <DesignerDashboard
      // 0. The booking requests waiting for an answer, first (scheduling, issue 15): live through the
      //    event stream, Conferma / Rifiuta right there.
      renderPriority={() => <PendingRequests
          onOpenAll={() => setAppointments({ open: true, tab: 'pending' })}
          onOpenAppointments={() => setAppointments({ open: true, tab: 'all' })}
        />}
      renderCounters={(designer) => (
        <>
          {/* 1. Likes, opening the statistics modal (tabs Liked, Messages, Shared): engagement (issue 6).
                 Messaging passes its "Messaggi" tab through extraTabs. */}
          <LikesCounter
            designerId={designer.id}
            initialCount={designer.like_count}
            extraTabs={[
              {
                id: 'messages',
                label: t('engagement.stats.messages'),
                render: (close) => (
                  <ContactList
                    side="designer"
                    onOpen={(contact) => {
                      close();
                      setChat({ open: true, contactId: contact.id });
                    }}
                  />
                ),
              },
            ]}
          />
          {/* 2. Messages: conversations, highlighted while some are unread (polled every 10 s); opens the chat. */}
          <MessagesCounter onOpen={() => setChat({ open: true, contactId: null })} />
          {/* 3. Confirmed appointments, opening "I Miei Appuntamenti" (scheduling, issue 8). */}
          <ConfirmedAppointmentsCounter onOpen={() => setAppointments({ open: true, tab: 'all' })} />
          {/* 4. Availability settings, opening "Gestione Disponibilità" (scheduling, issue 8). */}
          <AvailabilityCounter designerId={designer.id} onOpen={() => setAvailabilityOpen(true)} />
        </>
      )}
      renderExtras={(designer) => (
        <>
          {/* Web Push: "Ricevi notifiche" and what to receive (issue 20). */}
          <PushOptIn side="designer" />
          {/* "Esci da tutti i dispositivi": a token copied from a lost phone stops working (issue 17). */}
          <Panel title={t('account.section.security')}>
            <LogoutEverywhere className={styles.everywhere} />
          </Panel>
          <DesignerAppointmentsModal
            open={appointments.open}
            initialTab={appointments.tab}
            onClose={() => setAppointments((current) => ({ ...current, open: false }))}
          />
          <AvailabilityModal open={availabilityOpen} designerId={designer.id} onClose={() => setAvailabilityOpen(false)} />
          <ChatModal open={chat.open} side="designer" contactId={chat.contactId} onClose={() => setChat({ open: false, contactId: null })} />
          <NewMessageNotice onOpen={(contactId) => setChat({ open: true, contactId })} />
        </>
      )}
    />
  );
}

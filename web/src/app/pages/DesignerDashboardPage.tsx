import { useState } from 'react';
import { ConfirmedAppointmentsCounter } from '../../features/appointments/components/AppointmentCounters';
import { DesignerAppointmentsModal } from '../../features/appointments/components/DesignerAppointments';
import { AvailabilityCounter } from '../../features/availability/components/AvailabilityCounter';
import { AvailabilityModal } from '../../features/availability/components/AvailabilityModal';
import { DesignerDashboard } from '../../features/designers/components/DesignerDashboard';
import { LikesCounter } from '../../features/engagement/components/LikesCounter';

/**
 * /designer-profile: the designer's dashboard. The designers feature draws the profile; the four
 * counters and the modals they open belong to other features and are composed here; their modals
 * and messaging's "Nuovo messaggio da {sender}" notification go in `renderExtras`, given the designer.
 */
export function DesignerDashboardPage() {
  const [appointmentsOpen, setAppointmentsOpen] = useState(false);
  const [availabilityOpen, setAvailabilityOpen] = useState(false);
  return (
    <DesignerDashboard
      renderCounters={(designer) => (
        <>
          {/* 1. Likes, opening the statistics modal (tabs Liked, Messages, Shared): engagement (issue 6).
                 Messaging passes its "Messaggi" tab through extraTabs. */}
          <LikesCounter designerId={designer.id} initialCount={designer.like_count} />
          {/* 2. Messages: messaging's counter (unread polled every 10 s) opening the chat modal (issue 7). */}
          {/* 3. Confirmed appointments, opening "I Miei Appuntamenti" (scheduling, issue 8). */}
          <ConfirmedAppointmentsCounter onOpen={() => setAppointmentsOpen(true)} />
          {/* 4. Availability settings, opening "Gestione Disponibilità" (scheduling, issue 8). */}
          <AvailabilityCounter designerId={designer.id} onOpen={() => setAvailabilityOpen(true)} />
        </>
      )}
      renderExtras={(designer) => (
        <>
          <DesignerAppointmentsModal open={appointmentsOpen} onClose={() => setAppointmentsOpen(false)} />
          <AvailabilityModal open={availabilityOpen} designerId={designer.id} onClose={() => setAvailabilityOpen(false)} />
        </>
      )}
    />
  );
}

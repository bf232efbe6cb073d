import { lazy, Suspense, useEffect, useState } from 'react';
import { useSelector } from 'react-redux';
import { useLocation } from 'react-router';
import { useThunkDispatch } from '../../shared/lib/dispatch';
import { adoptLegacyQuiz, rememberLead, takeIntent, type Intent, type PendingDesigner } from '../../shared/lib/journey';
import { leadFromQuery } from '../../shared/lib/lead';
import { selectUser, type WithSession } from '../../shared/session/sessionSlice';

// Booking, chat and likes load only when a pending intent needs them (JourneyDialogs.tsx).
const loadDialogs = () => import('./JourneyDialogs');
const BookingFlow = lazy(() => loadDialogs().then((m) => ({ default: m.BookingFlow })));
const ResumedContact = lazy(() => loadDialogs().then((m) => ({ default: m.ResumedContact })));
const SentNotice = lazy(() => loadDialogs().then((m) => ({ default: m.SentNotice })));

type BookIntent = Extract<Intent, { kind: 'book' }>;

/**
 * Brings a person back to what they were doing when they were asked to register (customer spec,
 * section 4, "After login or registration with a pending contact"), wherever they land once signed
 * in as a customer: the message they typed is sent, the like is made, the contact dialog reopens
 * after 0.5 s, or the booking modal reopens on the slot they chose. The intent is taken out of the
 * journey before it is acted on, so it happens once however often the app renders or reloads.
 *
 * It also lets a link's lead (the results e-mail) and a result kept by an older version join the
 * journey. Rendered once, in the root layout.
 */
export function JourneyResume() {
  const user = useSelector((state: WithSession) => selectUser(state));
  const location = useLocation();
  const dispatch = useThunkDispatch();
  const [booking, setBooking] = useState<BookIntent | null>(null);
  const [bookingOpen, setBookingOpen] = useState(false);
  const [contact, setContact] = useState<PendingDesigner | null>(null);
  const [sending, setSending] = useState<{ seq: number; name: string } | null>(null);

  useEffect(() => adoptLegacyQuiz(), []);

  // A link carrying a lead (the results e-mail's) makes it this visitor's questionnaire.
  useEffect(() => {
    const lead = leadFromQuery(new URLSearchParams(location.search));
    if (lead && !user) rememberLead(lead);
  }, [location.search, user]);

  const customer = user?.role === 'user';
  const onLoginPage = location.pathname === '/login';
  useEffect(() => {
    if (!customer || onLoginPage) return;
    const pending = takeIntent();
    if (!pending) return;
    const { intent } = pending;
    if (intent.kind === 'book') {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the intent is taken from storage once, a side effect, and opens the booking it names (pending rework, issue 18)
      setBooking(intent);
      setBookingOpen(true);
    }
    else if (intent.kind === 'like') void loadDialogs().then((m) => m.likeOnce(dispatch, intent.designer));
    else if (intent.message) {
      const { id, name } = intent.designer;
      const message = intent.message.trim();
      void loadDialogs()
        .then((m) => m.queueContactAfterRegistration(dispatch, id, message))
        .then((seq) => setSending({ seq, name }));
    } else setContact(intent.designer);
  }, [customer, onLoginPage, dispatch]);

  return (
    <Suspense fallback={null}>
      {booking ? (
        // Stays mounted once used: its success and "request saved" modals follow the booking modal.
        <BookingFlow
          open={bookingOpen}
          designerId={booking.designer.id}
          designerName={booking.designer.name}
          initial={{
            ...(booking.appointment_date ? { appointment_date: booking.appointment_date } : {}),
            ...(booking.message ? { message: booking.message } : {}),
            ...(booking.phone ? { phone: booking.phone } : {}),
          }}
          onClose={() => setBookingOpen(false)}
        />
      ) : null}
      {/* The contact dialog reopens 0.5 s after return (customer spec, section 4). */}
      {contact && customer ? <ResumedContact designer={contact} /> : null}
      {sending ? <SentNotice key={sending.seq} seq={sending.seq} name={sending.name} /> : null}
    </Suspense>
  );
}

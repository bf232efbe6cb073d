import { useEffect, useRef, useState } from 'react';
import { useSelector } from 'react-redux';
import { useLocation } from 'react-router';
import { BookingFlow } from '../../features/appointments/components/BookButton';
import { ContactDialogs, RETURN_TO_CONTACT_DELAY_MS } from '../../features/chat/components/ContactButton';
import { queueContact, useOutboxEntry } from '../../features/chat/hooks/useChatOutbox';
import { engagementApi } from '../../features/engagement/api/engagementApi';
import { queueLikeToggle } from '../../features/engagement/api/engagementOutbox';
import { t } from '../../shared/i18n/t';
import { useThunkDispatch } from '../../shared/lib/dispatch';
import { adoptLegacyQuiz, rememberLead, takeIntent, type Intent, type PendingDesigner } from '../../shared/lib/journey';
import { leadFromQuery } from '../../shared/lib/lead';
import { selectUser, type WithSession } from '../../shared/session/sessionSlice';
import { showToast } from '../../shared/ui/Toast';

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
  const [contactOpen, setContactOpen] = useState(false);
  const [sending, setSending] = useState<{ seq: number; name: string } | null>(null);
  const entry = useOutboxEntry(sending?.seq ?? null);
  const told = useRef<number | null>(null);

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
    else if (intent.kind === 'like') void likeOnce(dispatch, intent.designer);
    else if (intent.message) {
      const { id, name } = intent.designer;
      void queueContact(id, intent.message.trim()).then((queued) => setSending({ seq: queued.seq, name }));
    } else setContact(intent.designer);
  }, [customer, onLoginPage, dispatch]);

  // The contact-from-profile flow: the dialog reopens 0.5 s after return (customer spec, section 4).
  useEffect(() => {
    if (!contact) return undefined;
    const timer = window.setTimeout(() => setContactOpen(true), RETURN_TO_CONTACT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [contact]);

  // The message typed before registering: say when it is delivered, or that it was not.
  useEffect(() => {
    if (!sending || entry === undefined || told.current === sending.seq) return;
    if (entry === null || entry.state === 'sent') {
      told.current = sending.seq;
      showToast(t('journey.contactSent', { name: sending.name }), { tone: 'success' });
    } else if (entry.state === 'failed') {
      told.current = sending.seq;
      showToast(t('chat.contact.afterRegistrationFailed'), { tone: 'error', detail: entry.lastError?.message });
    }
  }, [sending, entry]);

  return (
    <>
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
      {contact && customer ? (
        <ContactDialogs
          open={contactOpen}
          designer={contact}
          onClose={() => setContactOpen(false)}
        />
      ) : null}
    </>
  );
}

/**
 * Makes the like the visitor asked for, unless the account likes that designer already (the like
 * endpoint toggles, so it is never sent blindly). Failures say so: nothing is done silently.
 */
async function likeOnce(dispatch: ReturnType<typeof useThunkDispatch>, designer: PendingDesigner): Promise<void> {
  const status = dispatch(engagementApi.endpoints.getLikeStatus.initiate(designer.id, { forceRefetch: true }));
  try {
    const { is_liked } = await status.unwrap();
    if (!is_liked) await queueLikeToggle(designer.id);
    showToast(t('journey.liked', { name: designer.name }), { tone: 'success' });
  } catch {
    showToast(t('journey.likeFailed', { name: designer.name }), { tone: 'error' });
  } finally {
    status.unsubscribe();
  }
}

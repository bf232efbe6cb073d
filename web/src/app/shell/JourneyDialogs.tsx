import { useEffect, useRef, useState } from 'react';
import { BookingFlow } from '../../features/appointments/components/BookButton';
import { ContactDialogs, RETURN_TO_CONTACT_DELAY_MS } from '../../features/chat/components/ContactButton';
import { contactDesigner } from '../../features/chat/commands';
import { engagementApi } from '../../features/engagement/api/engagementApi';
import { toggleLike } from '../../features/engagement/commands';
import { t } from '../../shared/i18n/t';
import '../../shared/i18n/parts/chat';
import type { useThunkDispatch } from '../../shared/lib/dispatch';
import type { PendingDesigner } from '../../shared/lib/journey';
import { useQueuedEntry } from '../../shared/offline/useQueued';
import { showToast } from '../../shared/ui/Toast';

/**
 * What JourneyResume does once a pending intent needs it: the booking and contact dialogs, the
 * like, and the toast for a message typed before registering. A chunk of its own, loaded only when
 * a person comes back with an intent, so no page pays for booking and chat code up front.
 */
export { BookingFlow, queueContactAfterRegistration };

async function queueContactAfterRegistration(dispatch: ReturnType<typeof useThunkDispatch>, designerId: number, message: string): Promise<number> {
  return (await contactDesigner.send(dispatch, { designerId, text: message })).entry.seq;
}

/** The contact dialog, reopened 0.5 s after return (customer spec, section 4). */
export function ResumedContact({ designer }: { designer: PendingDesigner }) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setOpen(true), RETURN_TO_CONTACT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [designer]);
  return <ContactDialogs open={open} designer={designer} onClose={() => setOpen(false)} />;
}

/** The message typed before registering: says when it is delivered, or that it was not. */
export function SentNotice({ seq, name }: { seq: number; name: string }) {
  const entry = useQueuedEntry(seq);
  const told = useRef<number | null>(null);
  useEffect(() => {
    if (entry === undefined || told.current === seq) return;
    if (entry === null || entry.state === 'sent') {
      told.current = seq;
      showToast(t('journey.contactSent', { name }), { tone: 'success' });
    } else if (entry.state === 'failed') {
      told.current = seq;
      showToast(t('chat.contact.afterRegistrationFailed'), { tone: 'error', detail: entry.lastError?.message });
    }
  }, [seq, name, entry]);
  return null;
}

/** Likes the designer once (unless already liked), and says so. */
export async function likeOnce(dispatch: ReturnType<typeof useThunkDispatch>, designer: PendingDesigner): Promise<void> {
  const status = dispatch(engagementApi.endpoints.getLikeStatus.initiate(designer.id, { forceRefetch: true }));
  try {
    const { is_liked } = await status.unwrap();
    if (!is_liked) await toggleLike.send(dispatch, { designerId: designer.id });
    showToast(t('journey.liked', { name: designer.name }), { tone: 'success' });
  } catch {
    showToast(t('journey.likeFailed', { name: designer.name }), { tone: 'error' });
  } finally {
    status.unsubscribe();
  }
}

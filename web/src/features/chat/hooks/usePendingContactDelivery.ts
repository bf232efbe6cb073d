import { useEffect, useState } from 'react';
import { useSelector } from 'react-redux';
import { t } from '../../../shared/i18n/t';
import {
  clearPendingContact,
  clearPendingContactMessage,
  readPendingContact,
  readPendingContactMessage,
  type PendingContactMessage,
} from '../../../shared/lib/pendingContact';
import { selectIsLoggedIn, type WithSession } from '../../../shared/session/sessionSlice';
import { queueContact, useOutboxEntry } from './useChatOutbox';

/**
 * The message to deliver after login (customer spec, section 4): the one a visitor typed for a
 * designer who is in the reloaded list; null when there is none or the designer is not listed.
 */
export function pendingDeliveryFor(pending: PendingContactMessage | null, designerIds: readonly number[]): PendingContactMessage | null {
  if (!pending || pending.message.trim() === '') return null;
  return designerIds.includes(pending.designer_id) ? pending : null;
}

/**
 * After login or registration with a pending contact: once the designer list has been reloaded
 * (pass its ids), the contact is created with the saved message if the chosen designer is in it.
 * Returns the spec's alert text when that fails ('Errore nell'invio del messaggio. Riprova.').
 */
export function usePendingContactDelivery(designerIds: readonly number[] | undefined): string | null {
  const loggedIn = useSelector((state: WithSession) => selectIsLoggedIn(state));
  const [seq, setSeq] = useState<number | null>(null);
  const entry = useOutboxEntry(seq);
  useEffect(() => {
    if (!loggedIn || designerIds === undefined) return;
    const pending = pendingDeliveryFor(readPendingContactMessage(), designerIds);
    if (!pending) return;
    clearPendingContactMessage();
    if (readPendingContact()?.designer.id === pending.designer_id) clearPendingContact();
    // The keys are cleared first, so a re-render with the same list sends nothing twice.
    void queueContact(pending.designer_id, pending.message.trim()).then((queued) => setSeq(queued.seq));
  }, [loggedIn, designerIds]);
  return entry?.state === 'failed' ? t('chat.contact.afterRegistrationFailed') : null;
}

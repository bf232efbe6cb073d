import { useEffect } from 'react';
import { loadOffline, useOfflineLiveQuery } from '../../../shared/offline/lazy';
import type { AvailableSlots } from '../api/appointmentsApi';
import { rememberSlots, seenSlots, type SeenSlots } from '../lib/slotCache';

/**
 * The free slots last seen for a designer (null when none is left or none was ever seen). Every live
 * answer of the slots call is kept, so an offline booking modal can offer them as a request.
 */
export function useSeenSlots(designerId: number | undefined, enabled: boolean, live: AvailableSlots | undefined): SeenSlots | null {
  useEffect(() => {
    if (live) void loadOffline().then(({ db }) => rememberSlots(db, live));
  }, [live]);
  return useOfflineLiveQuery(
    ({ db }) => (enabled && designerId !== undefined ? seenSlots(db, designerId) : null),
    [enabled, designerId],
    null as SeenSlots | null,
  );
}

import { formatWeekdayDate } from '../../shared/i18n/dates';
import { t } from '../../shared/i18n/t';
import '../../shared/i18n/parts/availability';
import { defineCommand } from '../../shared/offline/command';
import { showToast } from '../../shared/ui/Toast';
import { availabilityApi, type AvailabilityWindow } from './api/availabilityApi';
import { editorsOnScreen } from './lib/editorsOnScreen';
import {
  AVAILABILITY_KIND,
  availabilityBody,
  availabilityEntity,
  availabilityPath,
  conflictsOf,
  designerIdOf,
  slotsOf,
  type AvailabilityConflict,
} from './lib/queued';

/** "Anna Neri, martedì 2 marzo 2027 alle 10:00": one conflicting booking in a sentence. */
export function describeConflict(conflict: AvailabilityConflict): string {
  const when = t('availability.conflictWhen', { date: formatWeekdayDate(conflict.datetime), time: conflict.time });
  return `${conflict.customer_name}, ${when}`;
}

/**
 * A designer's weekly availability (with the bookings to keep outside it). A stored week replaces
 * the cached one; a refusal puts the server's week back (the queued overlay disappears with the
 * failed entry) and, when no editor is on screen to show it, says why in a toast naming the
 * bookings in the way.
 */
export const saveAvailability = defineCommand<{ designerId: number; slots: AvailabilityWindow[]; keep?: readonly number[] }>({
  kind: AVAILABILITY_KIND,
  entity: ({ designerId }) => availabilityEntity(designerId),
  method: 'PUT',
  path: ({ designerId }) => availabilityPath(designerId),
  body: ({ slots, keep }) => availabilityBody(slots, keep),
  onSent: (dispatch, response, entry) => {
    const designerId = designerIdOf(entry);
    const stored = slotsOf(response);
    if (designerId !== null && stored) dispatch(availabilityApi.util.upsertQueryData('weeklyAvailability', designerId, stored));
    dispatch(availabilityApi.util.invalidateTags(['Availability', 'Slot']));
  },
  onRefused: (dispatch, error) => {
    dispatch(availabilityApi.util.invalidateTags(['Availability']));
    if (error.reason === 'discarded' || editorsOnScreen() > 0) return;
    const conflicts = conflictsOf(error.extra);
    const detail = conflicts.length > 0 ? conflicts.map(describeConflict).join('; ') : error.message;
    showToast(t('availability.rejected'), { tone: 'error', detail });
  },
});

export const availabilityCommands = [saveAvailability];

import type { PlainKey } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/appointments';

/** How a status is shown: its label and the colour family of its badge (customer spec, section 4). */
export type StatusTone = 'orange' | 'green' | 'red' | 'grey' | 'neutral';

export interface StatusLook {
  label: PlainKey;
  tone: StatusTone;
}

const LOOKS: Readonly<Record<string, StatusLook>> = {
  pending: { label: 'appointments.status.pending', tone: 'orange' },
  confirmed: { label: 'appointments.status.confirmed', tone: 'green' },
  cancelled: { label: 'appointments.status.cancelled', tone: 'red' },
  completed: { label: 'appointments.status.completed', tone: 'grey' },
};

/** In attesa (orange), Confermato (green), Annullato (red), Completato (grey), anything else Sconosciuto. */
export function statusLook(status: string): StatusLook {
  return LOOKS[status] ?? { label: 'appointments.status.unknown', tone: 'neutral' };
}

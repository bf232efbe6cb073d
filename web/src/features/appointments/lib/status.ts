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

/** Up to two initials for a name: "Anna Maria Neri" → "AN"; an empty name gives "?". */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

/** A stored image path as the resize endpoint's small variant ("/api/uploads/x.jpg" → resize URL). */
export function thumbnail(path: string): string {
  if (!path) return '';
  if (path.startsWith('data:') || /^https?:\/\//.test(path)) return path;
  const stored = path.replace(/^\/api\//, '').replace(/^\//, '');
  return `/api/images/resize/${stored}?size=small`;
}

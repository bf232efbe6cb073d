import { readJson, removeKey, sessionArea, writeString, type StorageArea } from '../../../shared/lib/storage';

/**
 * A visitor who tried to book is sent to register; the designer they chose waits in session storage
 * under the spec's keys (pendingAppointment, returnAfterRegistration), so the booking opens again
 * when they come back signed in.
 */
export interface PendingBooking {
  designer_id: number;
  designer_name: string;
}

export const PENDING_APPOINTMENT_KEY = 'pendingAppointment';
export const RETURN_AFTER_REGISTRATION_KEY = 'returnAfterRegistration';

export function rememberPendingBooking(pending: PendingBooking, returnPath: string, storage: StorageArea | null = sessionArea()): void {
  writeString(storage, PENDING_APPOINTMENT_KEY, JSON.stringify(pending));
  writeString(storage, RETURN_AFTER_REGISTRATION_KEY, returnPath);
}

/** Returns and forgets the pending booking for this designer, if there is one. */
export function takePendingBooking(designerId: number, storage: StorageArea | null = sessionArea()): PendingBooking | null {
  const value = readJson(storage, PENDING_APPOINTMENT_KEY);
  if (typeof value !== 'object' || value === null) return null;
  const pending = value as Partial<PendingBooking>;
  if (pending.designer_id !== designerId) return null;
  removeKey(storage, PENDING_APPOINTMENT_KEY);
  return { designer_id: designerId, designer_name: typeof pending.designer_name === 'string' ? pending.designer_name : '' };
}

/** Where registration sends a visitor who wanted to book. */
export function registrationPath(): string {
  return '/login?mode=register&redirect=appointment';
}

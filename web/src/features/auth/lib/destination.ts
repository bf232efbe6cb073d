import { RETURN_AFTER_REGISTRATION_KEY, readPendingContact } from '../../../shared/lib/pendingContact';
import { readJson, readString, removeKey, sessionArea, type StorageArea } from '../../../shared/lib/storage';

/** Where the appointments feature keeps a booking that waits for login (customer spec, section 3). */
export const PENDING_APPOINTMENT_KEY = 'pendingAppointment';

/** The /login query the spec lists: mode, leadId, redirect, email, returnTo. */
export interface LoginQuery {
  mode: 'login' | 'register';
  leadId: number | null;
  redirect: 'designers' | 'contact' | 'appointment' | null;
  email: string;
  returnTo: string | null;
}

/** Only paths inside the app: "/x" but never "//host" or "/\\host", which browsers treat as other sites. */
export function safeInternalPath(value: string | null | undefined): string | null {
  if (!value) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

/** Reads the login page's query. Register mode is forced when leadId is given (customer spec, section 2). */
export function parseLoginQuery(search: URLSearchParams): LoginQuery {
  const rawLead = search.get('leadId');
  const lead = rawLead !== null && /^\d+$/.test(rawLead.trim()) ? Number(rawLead.trim()) : null;
  const leadId = lead !== null && lead > 0 ? lead : null;
  const redirect = search.get('redirect');
  return {
    mode: leadId !== null || search.get('mode') === 'register' ? 'register' : 'login',
    leadId,
    redirect: redirect === 'designers' || redirect === 'contact' || redirect === 'appointment' ? redirect : null,
    email: search.get('email') ?? '',
    returnTo: safeInternalPath(search.get('returnTo')),
  };
}

/** Where a booking that waited for login goes: the page it started from, else the designer's profile. */
function pendingBookingPath(storage: StorageArea | null): string | null {
  const pending = readJson(storage, PENDING_APPOINTMENT_KEY);
  if (typeof pending !== 'object' || pending === null) return null;
  const designerId = (pending as Record<string, unknown>).designer_id;
  const back = safeInternalPath(readString(storage, RETURN_AFTER_REGISTRATION_KEY));
  removeKey(storage, RETURN_AFTER_REGISTRATION_KEY);
  if (back) return back;
  return typeof designerId === 'number' && designerId > 0 ? `/profile/${designerId}` : null;
}

/**
 * Where a person goes after logging in or registering:
 * 1. returnTo from the query, when it is a path of this app;
 * 2. a booking that waited for the account (redirect=appointment): back to the page it started from,
 *    where the booking reopens by itself;
 * 3. a contact that waited (redirect=contact): the stored designer and return path stay for the
 *    messaging feature, which reopens its dialog there; without a return path, the designer's profile;
 * 4. otherwise the role's home: /admin, /designer-profile or /user-profile.
 */
export function destinationAfterSignIn(query: LoginQuery, home: string, storage: StorageArea | null = sessionArea()): string {
  if (query.returnTo) return query.returnTo;
  if (query.redirect === 'appointment') {
    const booking = pendingBookingPath(storage);
    if (booking) return booking;
  }
  if (query.redirect === 'contact') {
    const contact = readPendingContact(storage);
    if (contact) return safeInternalPath(contact.returnPath) ?? `/profile/${contact.designer.id}`;
  }
  return home;
}

import { readJson, readString, removeKey, sessionArea, writeString, type StorageArea } from './storage';

/**
 * The visitor contact flow across login (customer spec, sections 3 and 4): a visitor who wants to
 * contact a designer is sent to register; the designer and the page to come back to wait in session
 * storage under the spec's keys, and the messaging feature reopens the contact dialog on return.
 */
export const PENDING_DESIGNER_KEY = 'pendingDesigner';
export const RETURN_AFTER_REGISTRATION_KEY = 'returnAfterRegistration';

/** What is kept of the designer: enough to reopen the contact dialog and greet them by name. */
export interface PendingDesigner {
  id: number;
  name: string;
  profile_picture?: string;
}

/** Where the visitor goes: registration first, then back here to contact the designer. */
export const CONTACT_LOGIN_PATH = '/login?mode=register&redirect=contact';

/** Keeps the designer and the return path (path + query of the current page) for after login. */
export function storePendingContact(designer: PendingDesigner, returnPath: string, storage: StorageArea | null = sessionArea()): void {
  writeString(storage, PENDING_DESIGNER_KEY, JSON.stringify(designer));
  writeString(storage, RETURN_AFTER_REGISTRATION_KEY, returnPath);
}

/** The waiting designer and return path, or null when there is none or it is unreadable. */
export function readPendingContact(storage: StorageArea | null = sessionArea()): { designer: PendingDesigner; returnPath: string | null } | null {
  const raw = readJson(storage, PENDING_DESIGNER_KEY);
  if (typeof raw !== 'object' || raw === null) return null;
  const record = raw as Record<string, unknown>;
  const id = typeof record.id === 'number' ? record.id : Number(record.id);
  if (!Number.isInteger(id) || id <= 0) return null;
  const designer: PendingDesigner = { id, name: typeof record.name === 'string' ? record.name : '' };
  if (typeof record.profile_picture === 'string' && record.profile_picture !== '') designer.profile_picture = record.profile_picture;
  return { designer, returnPath: readString(storage, RETURN_AFTER_REGISTRATION_KEY) };
}

/** Forgets the waiting contact once the dialog has reopened (or the visitor gave up). */
export function clearPendingContact(storage: StorageArea | null = sessionArea()): void {
  removeKey(storage, PENDING_DESIGNER_KEY);
  removeKey(storage, RETURN_AFTER_REGISTRATION_KEY);
}

/** The message a visitor typed before registering, kept under the spec's key `pendingContact`. */
export const PENDING_CONTACT_KEY = 'pendingContact';

export interface PendingContactMessage {
  designer_id: number;
  message: string;
}

/** Keeps what the visitor typed for that designer, so it is not lost across registration. */
export function storePendingContactMessage(value: PendingContactMessage, storage: StorageArea | null = sessionArea()): void {
  writeString(storage, PENDING_CONTACT_KEY, JSON.stringify(value));
}

/** The typed message waiting for after login, or null. */
export function readPendingContactMessage(storage: StorageArea | null = sessionArea()): PendingContactMessage | null {
  const raw = readJson(storage, PENDING_CONTACT_KEY);
  if (typeof raw !== 'object' || raw === null) return null;
  const record = raw as Record<string, unknown>;
  const id = Number(record.designer_id);
  if (!Number.isInteger(id) || id <= 0 || typeof record.message !== 'string') return null;
  return { designer_id: id, message: record.message };
}

/** Forgets the typed message once it was sent or put back in the dialog. */
export function clearPendingContactMessage(storage: StorageArea | null = sessionArea()): void {
  removeKey(storage, PENDING_CONTACT_KEY);
}

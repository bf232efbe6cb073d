import {
  PERSISTENT_KEYS,
  SESSION_KEYS,
  localArea,
  removeKey,
  sessionArea,
  writeString,
  type StorageArea,
} from '../lib/storage';
import type { StoredUser } from './sessionSlice';

/** Keeps a signed-in user on this device, as the login screens will do. */
export function storeSession(user: StoredUser, rememberMe: boolean, storage: StorageArea | null = localArea()): void {
  writeString(storage, PERSISTENT_KEYS.user, JSON.stringify(user));
  writeString(storage, PERSISTENT_KEYS.rememberMe, rememberMe ? 'true' : 'false');
}

/**
 * Removes everything a session leaves in web storage: the persistent keys of the spec except the
 * cookie consent (a choice about the device, not the account) and every session key.
 */
export function clearStoredSession(
  local: StorageArea | null = localArea(),
  session: StorageArea | null = sessionArea(),
): void {
  removeKey(local, PERSISTENT_KEYS.user);
  removeKey(local, PERSISTENT_KEYS.rememberMe);
  removeKey(local, PERSISTENT_KEYS.questionnaireAnswers);
  removeKey(local, PERSISTENT_KEYS.styleAnalysis);
  for (const key of SESSION_KEYS) removeKey(session, key);
}

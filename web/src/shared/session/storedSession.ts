import type { Narrowed, Schemas } from '../api/contract';
import { PERSISTENT_KEYS, localArea, readJson, readString, type StorageArea } from '../lib/storage';

// The session as this device keeps it, read without Redux: the app's store starts from it
// (sessionSlice) and so does the first screen's early request (shared/api/earlyAnswer.ts), which
// runs before the libraries' code.

export type Role = 'user' | 'designer' | 'admin';

/**
 * The signed-in user as kept in localStorage `user` (customer spec, section 3): the fields of the
 * sign-in answer (SessionView) the device keeps, the role narrowed to the three the app knows.
 */
export type StoredUser = Narrowed<
  Schemas['SessionView'],
  'access_token' | 'token_type' | 'id' | 'name' | 'email' | 'role' | 'is_admin' | 'is_designer',
  { role: Role }
> & {
  /** The web's own flag: set when the profile says the user is a designer. */
  has_designer_profile: boolean;
};

export interface SessionState {
  user: StoredUser | null;
  rememberMe: boolean;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function asRole(value: unknown): Role {
  return value === 'designer' || value === 'admin' ? value : 'user';
}

/**
 * Reads a user record from storage or a login answer. Accepts `id` or `user_id`; returns null
 * without a token, because a user is logged in exactly when a token exists.
 */
export function parseStoredUser(value: unknown): StoredUser | null {
  if (!isRecord(value)) return null;
  const token = value.access_token;
  if (typeof token !== 'string' || token === '') return null;
  const rawId = value.id ?? value.user_id;
  const id = typeof rawId === 'number' ? rawId : typeof rawId === 'string' && /^\d+$/.test(rawId) ? Number(rawId) : NaN;
  if (!Number.isFinite(id)) return null;
  return {
    access_token: token,
    token_type: typeof value.token_type === 'string' ? value.token_type : 'bearer',
    id,
    name: typeof value.name === 'string' ? value.name : '',
    email: typeof value.email === 'string' ? value.email : '',
    role: asRole(value.role),
    is_admin: value.is_admin === true,
    is_designer: value.is_designer === true,
    has_designer_profile: value.has_designer_profile === true || isRecord(value.designer),
  };
}

/** The session as stored on this device when the app starts. */
export function loadSession(storage: StorageArea | null = localArea()): SessionState {
  return {
    user: parseStoredUser(readJson(storage, PERSISTENT_KEYS.user)),
    rememberMe: readString(storage, PERSISTENT_KEYS.rememberMe) === 'true',
  };
}

import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Narrowed, Schemas } from '../api/contract';
import { PERSISTENT_KEYS, localArea, readJson, readString, type StorageArea } from '../lib/storage';

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

const sessionSlice = createSlice({
  name: 'session',
  initialState: (): SessionState => loadSession(),
  reducers: {
    /** A login or registration answered with a user; storing it is the caller's job (see storeSession). */
    signedIn(state, action: PayloadAction<{ user: StoredUser; rememberMe: boolean }>) {
      state.user = action.payload.user;
      state.rememberMe = action.payload.rememberMe;
    },
    /** The profile call said more about the user (role, designer object). */
    userUpdated(state, action: PayloadAction<Partial<Omit<StoredUser, 'access_token' | 'id'>>>) {
      if (state.user) state.user = { ...state.user, ...action.payload };
    },
    signedOut(state) {
      state.user = null;
      state.rememberMe = false;
    },
  },
});

export const { signedIn, userUpdated, signedOut } = sessionSlice.actions;
export const sessionReducer = sessionSlice.reducer;

/** The slice of the root state these selectors read. */
export interface WithSession {
  session: SessionState;
}

export const selectUser = (state: WithSession): StoredUser | null => state.session.user;
export const selectToken = (state: WithSession): string | null => state.session.user?.access_token ?? null;
export const selectUserId = (state: WithSession): string | null =>
  state.session.user ? String(state.session.user.id) : null;
/** Logged in exactly when a token exists. */
export const selectIsLoggedIn = (state: WithSession): boolean => selectToken(state) !== null;
/** Admin comes from is_admin or the admin role. */
export const selectIsAdmin = (state: WithSession): boolean =>
  state.session.user !== null && (state.session.user.is_admin || state.session.user.role === 'admin');
/** Designer comes from the role, the is_designer flag or a designer object in the profile. */
export const selectIsDesigner = (state: WithSession): boolean =>
  state.session.user !== null &&
  (state.session.user.role === 'designer' || state.session.user.is_designer || state.session.user.has_designer_profile);

/** Where a logged-in user belongs: /admin, /designer-profile or /user-profile; / for visitors. */
export function homePathFor(state: WithSession): string {
  if (!selectIsLoggedIn(state)) return '/';
  if (selectIsAdmin(state)) return '/admin';
  if (selectIsDesigner(state)) return '/designer-profile';
  return '/user-profile';
}

/**
 * Whether the style questionnaire is this person's to take: a visitor's or a customer's (the home
 * sends a designer or an admin on to their own page, `homeSendsOn`).
 */
export function selectTakesQuestionnaire(state: WithSession): boolean {
  const home = homePathFor(state);
  return home === '/' || home === '/user-profile';
}

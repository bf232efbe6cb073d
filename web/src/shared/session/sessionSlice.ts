import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loadSession, type SessionState, type StoredUser } from './storedSession';

export { loadSession, parseStoredUser, type Role, type SessionState, type StoredUser } from './storedSession';

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

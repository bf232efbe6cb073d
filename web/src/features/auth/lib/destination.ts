import { clearIntent, homeSendsOn, readIntent } from '../../../shared/lib/journey';
import { leadFromQuery, linkNamesLead, type Lead } from '../../../shared/lib/lead';
import { readJson, sessionArea, writeString, type StorageArea } from '../../../shared/lib/storage';

/** The /login query the spec lists: mode, leadId, redirect, email, returnTo. */
export interface LoginQuery {
  mode: 'login' | 'register';
  /** The questionnaire a link brought (leadId with its leadToken; a bare leadId brings none). */
  lead: Lead | null;
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
  const lead = leadFromQuery(search);
  const redirect = search.get('redirect');
  return {
    mode: linkNamesLead(search) || search.get('mode') === 'register' ? 'register' : 'login',
    lead,
    redirect: redirect === 'designers' || redirect === 'contact' || redirect === 'appointment' ? redirect : null,
    email: search.get('email') ?? '',
    returnTo: safeInternalPath(search.get('returnTo')),
  };
}

/**
 * A page a signed-in person can come back to: the home page and the login page send a signed-in
 * person on to their home, so they are no way back.
 */
function returnable(path: string | null): string | null {
  const safe = safeInternalPath(path);
  if (!safe) return null;
  const pathname = safe.split(/[?#]/)[0] ?? '';
  return pathname === '/' || pathname === '/login' ? null : safe;
}

/**
 * Where a person goes after logging in or registering:
 * 1. returnTo from the query, when it is a page of this app;
 * 2. what they were doing when asked to register (shared/lib/journey): back to that page, or to the
 *    role home when it was the home page's list (/user-profile lists the same designers); the intent
 *    stays stored for the app's journey resumer, which acts on it wherever the person lands;
 * 3. otherwise the role's home: /admin, /designer-profile or /user-profile.
 */
export function destinationAfterSignIn(query: LoginQuery, home: string, storage: StorageArea | null = sessionArea()): string {
  const back = returnable(query.returnTo);
  if (back) return back;
  const pending = readIntent(storage);
  if (pending) return returnable(pending.returnPath) ?? home;
  return home;
}

/**
 * What waited for registration (a message, a like, a booking: shared/lib/journey) belongs to the
 * sign-in that comes from it, whose page names it (`redirect`, set by registrationPath and kept when
 * the person switches to "Accedi"). A sign-in without it (the top bar's "Accedi", later on) drops it
 * first: a message or a booking the person left with Back from the registration page is not sent,
 * or reopened, at a later sign-in without asking. Called before destinationAfterSignIn.
 */
export function keepIntentOnlyFromItsPage(query: LoginQuery, storage: StorageArea | null = sessionArea()): void {
  if (query.redirect === null) clearIntent(storage);
}

/**
 * Whether a sign-in should go back one entry instead of opening its destination: the login was
 * opened from that very page (loginFromState in shared/lib/journey.ts: the top bar's "Accedi", a
 * visitor's like, message or booking), which is the history entry just before it, or from the
 * visitors' home page when the destination is the person's home (`home`, where that page sends a
 * signed-in person). Opening it instead would leave the same page twice in the history, or the home
 * page behind it, and Back would seem to do nothing.
 */
export function returnsToPreviousEntry(state: unknown, locationKey: string, target: string, home: string): boolean {
  const from = stateOfEntryBehind(state, locationKey, 'loginFrom');
  if (typeof from !== 'string') return false;
  if (from === target) return true;
  // The visitors' home, which sends a signed-in person on to their home: going back to its entry
  // puts the person's home in its place, so Back from there leaves for the page before it instead
  // of coming to a home page that sends them forward again.
  const [pathname, search = ''] = from.split('?');
  return pathname === '/' && target === home && homeSendsOn(search, home);
}

/**
 * A field of an entry's navigation state that names the entry before it, or undefined on the first
 * page of this tab (React Router's key 'default': nothing of ours before it).
 */
function stateOfEntryBehind(state: unknown, locationKey: string, field: 'loginFrom' | 'resetFromLogin' | 'resetFromAccount'): unknown {
  if (locationKey === 'default' || typeof state !== 'object' || state === null) return undefined;
  return (state as Record<string, unknown>)[field];
}

/**
 * "Password dimenticata?" on the login page: the reset request, with the address typed so far, and in
 * its navigation state the login entry it came from (its history key), so that the request goes back
 * to that very entry (resetReturnsToLogin) with what the login was for (a message, a booking, a
 * like waiting for the sign-in, the page to return to), instead of opening a bare login after it.
 */
export function passwordResetLink(email: string, loginKey: string): { to: string; state: { resetFromLogin: string } } {
  const address = email.trim();
  return { to: address === '' ? '/request-password-reset' : `/request-password-reset?email=${encodeURIComponent(address)}`, state: { resetFromLogin: loginKey } };
}

/** The login entry a reset request was opened from (passwordResetLink), when it is behind this one in the tab's history. */
export function resetReturnsToLogin(state: unknown, locationKey: string): string | null {
  const from = stateOfEntryBehind(state, locationKey, 'resetFromLogin');
  return typeof from === 'string' && from !== '' ? from : null;
}

/**
 * The customer profile's "Ricevi un link via email": the reset request with the account's address,
 * and in its navigation state that the account's page is the entry just behind it, so that the
 * request goes back to that entry (resetReturnsToAccount) instead of opening the account a second
 * time after it (two entries of the same page: the first Back would seem to do nothing).
 */
export function accountResetLink(email: string): { to: string; state: { resetFromAccount: true } } {
  return { to: `/request-password-reset?email=${encodeURIComponent(email)}`, state: { resetFromAccount: true } };
}

/** Whether this reset request was opened from the account's page in the entry just behind it. */
export function resetReturnsToAccount(state: unknown, locationKey: string): boolean {
  return stateOfEntryBehind(state, locationKey, 'resetFromAccount') === true;
}

/** sessionStorage key of the address a reset request hands back to its login entry (SESSION_KEYS). */
const HANDED_EMAIL = 'loginEmail';

/**
 * Called by the reset request before it goes back to its login entry: the address, for that entry
 * only (by its key). Kept in this tab's storage, so a reload on the way does not lose it.
 */
export function handEmailToLogin(loginKey: string, email: string, storage: StorageArea | null = sessionArea()): void {
  writeString(storage, HANDED_EMAIL, JSON.stringify({ loginKey, email }));
}

/** The address handed back to this login entry, if any (a read, so that a render twice finds it twice). */
export function emailHandedTo(loginKey: string, storage: StorageArea | null = sessionArea()): string | null {
  const handed = readJson(storage, HANDED_EMAIL);
  if (typeof handed !== 'object' || handed === null) return null;
  const { loginKey: key, email } = handed as { loginKey?: unknown; email?: unknown };
  return key === loginKey && typeof email === 'string' ? email : null;
}

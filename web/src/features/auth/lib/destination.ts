import { clearIntent, readIntent } from '../../../shared/lib/journey';
import { leadFromQuery, linkNamesLead, type Lead } from '../../../shared/lib/lead';
import { sessionArea, type StorageArea } from '../../../shared/lib/storage';

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
 * The navigation state of an "Accedi" that leaves a page to come back to it after signing in (the top
 * bar's, with returnTo): the page's address.
 */
export function loginFromState(path: string): { loginFrom: string } {
  return { loginFrom: path };
}

/**
 * Whether a sign-in should go back one entry instead of opening its destination: the login was
 * opened from that very page (loginFromState), which is the history entry just before it. Opening
 * it again would leave the same page twice in the history, and Back would seem to do nothing.
 */
export function returnsToPreviousEntry(state: unknown, locationKey: string, target: string): boolean {
  if (locationKey === 'default') return false; // the first page of this tab: nothing of ours before it
  const from = typeof state === 'object' && state !== null ? (state as { loginFrom?: unknown }).loginFrom : undefined;
  return typeof from === 'string' && from === target;
}

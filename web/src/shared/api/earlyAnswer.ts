import { localArea, type StorageArea } from '../lib/storage';
import { loadSession } from '../session/storedSession';

/**
 * The first screen's answer asked for before the app's code runs. On a signed-in `/user-profile`
 * the screen waits for `GET /api/users/me`; asked for by the app (app/firstData.ts) it would start
 * only once every library and module of the entry has been evaluated, which on a phone is a few
 * hundred milliseconds in which the connection sits idle. `startEarlyAnswer` runs first (its own
 * chunk, `app/early.ts`, imported before everything else) and asks for it at once, with the headers
 * the app would send; the base query's first GET of that address with the same token takes the
 * response instead of asking again (`takeEarlyAnswer`), once and during the first screen only. A
 * different token (a sign-out or another account in between), another address, or a later GET asks
 * the network as usual; the answer then goes through the same path as any other (a 401 still ends
 * the session, a network failure still falls back to the offline copy).
 */

const PATH = '/api/users/me';
/** How long after it started the early response may be taken: the first screen, not a later visit. */
const FIRST_SCREEN_MS = 10_000;

interface Early {
  authorization: string;
  response: Promise<Response>;
  startedAt: number;
}

let early: Early | null = null;

const clock = (): number => performance.now();

/** Asks for the first screen's answer if the page is a signed-in `/user-profile`. */
export function startEarlyAnswer(
  pathname: string,
  storage: StorageArea | null = localArea(),
  fetchFn: typeof fetch = (input, init) => fetch(input, init),
  now: () => number = clock,
): void {
  early = null;
  if (!/^\/user-profile\/?$/.test(pathname)) return;
  const user = loadSession(storage).user;
  if (!user) return;
  const authorization = `Bearer ${user.access_token}`;
  let response: Promise<Response>;
  try {
    response = fetchFn(PATH, { headers: { Authorization: authorization, Accept: 'application/json' } });
  } catch {
    return; // the app asks for it itself
  }
  // A failure nobody takes is nobody's: the app's own request reports its own.
  response.catch(() => undefined);
  early = { authorization, response, startedAt: now() };
}

/**
 * The early response for `request`, once: the first GET of its address with the same token, during
 * the first screen; else undefined (and the early response is dropped). Aborting the request (the
 * base query's timeout) rejects it as aborting a fetch would.
 */
export function takeEarlyAnswer(request: Request, now: () => number = clock): Promise<Response> | undefined {
  const found = early;
  if (!found || request.method !== 'GET' || new URL(request.url, window.location.href).pathname !== PATH) return undefined;
  early = null;
  if (request.headers.get('Authorization') !== found.authorization || now() - found.startedAt > FIRST_SCREEN_MS) return undefined;
  return abortable(found.response, request.signal);
}

function abortable(response: Promise<Response>, signal: AbortSignal | null): Promise<Response> {
  if (!signal) return response;
  if (signal.aborted) return Promise.reject(abortReason(signal));
  return new Promise((resolve, reject) => {
    const abort = (): void => reject(abortReason(signal));
    signal.addEventListener('abort', abort, { once: true });
    response.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

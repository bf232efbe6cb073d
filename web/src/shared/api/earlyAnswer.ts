/**
 * The first screen's answer asked for before the app's code has arrived. On a signed-in
 * `/user-profile` the screen waits for `GET /api/users/me`; asked for by the app (app/firstData.ts)
 * it would start only once the entry's modules have been downloaded and evaluated, a few hundred
 * milliseconds on a phone in which the connection sits idle. A small inline script in index.html
 * (allowed by its hash in the page's Content-Security-Policy, which the server computes from the
 * file) asks for it while the document is parsed, with the headers the app would send, and leaves
 * the response in `window.__internoEarlyAnswer`. The base query's first GET of that address with the
 * same token takes it instead of asking again (`takeEarlyAnswer`), once and during the first screen
 * only. A different token (a sign-out or another account in between), another address, or a later
 * GET asks the network as usual; the answer then goes through the same path as any other (a 401
 * still ends the session, a network failure still falls back to the offline copy).
 */

/** What index.html's script leaves for the app. */
export interface EarlyAnswer {
  url: string;
  authorization: string;
  response: Promise<Response>;
  startedAt: number;
}

declare global {
  interface Window {
    __internoEarlyAnswer?: EarlyAnswer;
  }
}

/** How long after it started the early response may be taken: the first screen, not a later visit. */
const FIRST_SCREEN_MS = 10_000;

/** undefined until the page's answer has been read (once); null once taken or dropped. */
let early: EarlyAnswer | null | undefined;

function adopt(): EarlyAnswer | null {
  if (typeof window === 'undefined') return null;
  const found = window.__internoEarlyAnswer;
  delete window.__internoEarlyAnswer;
  return found && typeof found.url === 'string' && found.response instanceof Promise ? found : null;
}

/**
 * The early response for `request`, once: the first GET of its address with the same token, during
 * the first screen; else undefined (and the early response is dropped). Aborting the request (the
 * base query's timeout) rejects it as aborting a fetch would.
 */
export function takeEarlyAnswer(request: Request, now: () => number = () => performance.now()): Promise<Response> | undefined {
  if (early === undefined) early = adopt();
  const found = early;
  if (!found || request.method !== 'GET' || new URL(request.url, window.location.href).pathname !== found.url) return undefined;
  early = null;
  if (request.headers.get('Authorization') !== found.authorization || now() - found.startedAt > FIRST_SCREEN_MS) return undefined;
  return abortable(found.response, request.signal);
}

/** Forgets an early answer taken or left (tests). */
export function resetEarlyAnswer(): void {
  early = undefined;
  if (typeof window !== 'undefined') delete window.__internoEarlyAnswer;
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

import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import {
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query';
import { hasFirstPainted } from '../lib/firstPaint';
import { newIdempotencyKey } from '../lib/ids';
import { currentPathname, isAuthExemptPath, navigateTo } from '../lib/navigation';
import type { InternoDatabase } from '../offline/db';
import { afterFirstPaint, loadOffline } from '../offline/lazy';
import { getCachedResponse, putCachedResponse } from '../offline/responseCache';
import { logout } from '../session/logout';
import { selectToken, selectUserId, type WithSession } from '../session/sessionSlice';
import { takeDocumentAnswer } from './documentAnswer';
import { takeEarlyAnswer } from './earlyAnswer';
import { httpError, isUnreachable, transportError, type AppError } from './errors';
import { freshReceived, staleServed } from './staleSlice';

/** Per-endpoint switches, passed as `extraOptions`. */
export interface InternoExtraOptions {
  /** false: never keep this GET in IndexedDB (large or fast-changing answers). */
  offlineCache?: boolean;
}

export interface BaseQueryDeps {
  database?: InternoDatabase;
  fetchFn?: typeof fetch;
  baseUrl?: string;
  now?: () => number;
  timeoutMs?: number;
  navigate?: (path: string) => void;
  currentPath?: () => string;
}

export type InternoBaseQuery = BaseQueryFn<string | FetchArgs, unknown, AppError, InternoExtraOptions, FetchBaseQueryMeta>;

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

// How many times the connection has come back (`online` events) since the app started: a request
// that sees it change while it ran knows the connection returned during it.
let connectionReturns = 0;
if (typeof window !== 'undefined') window.addEventListener('online', () => (connectionReturns += 1));

/** The URL a request goes to, query string included: the IndexedDB key of a cached GET. */
export function requestUrl(args: string | FetchArgs): string {
  if (typeof args === 'string') return args;
  const params = args.params as Record<string, unknown> | undefined;
  if (!params) return args.url;
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) search.append(name, String(value));
  }
  const query = search.toString();
  if (!query) return args.url;
  return `${args.url}${args.url.includes('?') ? '&' : '?'}${query}`;
}

/** Turns what fetchBaseQuery reports into the app's AppError. */
export function normaliseFetchError(error: FetchBaseQueryError, meta: FetchBaseQueryMeta | undefined): AppError {
  const retryAfter = meta?.response?.headers.get('Retry-After') ?? null;
  if (typeof error.status === 'number') return httpError(error.status, error.data, retryAfter);
  switch (error.status) {
    case 'FETCH_ERROR':
      return transportError('network', error.error);
    case 'TIMEOUT_ERROR':
      return transportError('timeout', error.error);
    case 'PARSING_ERROR':
      return error.originalStatus >= 400
        ? httpError(error.originalStatus, error.data, retryAfter)
        : transportError('parse', error.error);
    default:
      return transportError('network', error.error);
  }
}

/**
 * The app's base query: bearer token when signed in, an Idempotency-Key on every state-changing call,
 * one Italian-friendly error shape, the 401 rule, and GET answers kept in IndexedDB per user so a
 * screen can render its last copy when the network fails (flagged through the stale slice).
 */
export function createBaseQuery(deps: BaseQueryDeps = {}): InternoBaseQuery {
  // The app's database lives in the offline runtime, loaded after first paint: a screen's answer
  // never waits for IndexedDB (it is stored in the background), only the offline fallback does.
  // The first answer to keep loads the runtime at once (not when the first screen has settled,
  // loadOfflineInBackground): from then on an action can be queued even if the connection drops
  // before the service worker controls the page (offline-proof.e2e.ts).
  const database = (): Promise<InternoDatabase> =>
    deps.database ? Promise.resolve(deps.database) : loadOffline().then((offline) => offline.db);
  const now = deps.now ?? Date.now;
  const navigate = deps.navigate ?? ((path: string) => navigateTo(path, { replace: true }));
  const currentPath = deps.currentPath ?? currentPathname;
  const raw = fetchBaseQuery({
    baseUrl: deps.baseUrl ?? '/api',
    timeout: deps.timeoutMs ?? 20_000,
    // The first screen's answer may already be on its way (earlyAnswer.ts): its GET takes it.
    fetchFn: (input, init) => (input instanceof Request ? takeEarlyAnswer(input) : undefined) ?? (deps.fetchFn ?? fetch)(input, init),
    prepareHeaders: (headers, { getState }) => {
      const token = selectToken(getState() as WithSession);
      if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
      if (!headers.has('Accept')) headers.set('Accept', 'application/json');
      return headers;
    },
  });

  return async (args, api, extraOptions) => {
    const state = api.getState() as WithSession;
    const token = selectToken(state);
    const userId = selectUserId(state);
    const request: FetchArgs = typeof args === 'string' ? { url: args } : { ...args };
    const method = (request.method ?? 'GET').toUpperCase();
    if (STATE_CHANGING.has(method)) {
      const headers = new Headers(request.headers as HeadersInit | undefined);
      if (!headers.has('Idempotency-Key')) headers.set('Idempotency-Key', newIdempotencyKey());
      request.headers = headers;
    }
    const cacheable = method === 'GET' && extraOptions?.offlineCache !== false;
    const url = requestUrl(request);

    // A GET that fails for the network while the connection comes back (an `online` event during
    // it, or during the look-up of its offline copy) is tried once more: RTK Query's refetch on
    // reconnect skips a request that is still pending, so the screen would keep the failure (or the
    // stale copy) until something else asked again.
    let returnsBefore = connectionReturns;
    let retried = false;
    const connectionCameBack = (): boolean => method === 'GET' && !retried && connectionReturns !== returnsBefore;
    const fetchAgain = () => {
      retried = true;
      returnsBefore = connectionReturns;
      return raw(request, api, {});
    };

    // An answer that came with the page (`later`) or before the page's first paint is kept once the
    // page has painted: keeping it loads IndexedDB's code (Dexie), which would otherwise be fetched
    // and evaluated between the answer and the screen it fills (a signed-in first page's largest
    // paint waited for it).
    const succeeded = async (data: unknown, meta: FetchBaseQueryMeta | undefined, later = false) => {
      if (cacheable) {
        const fetchedAt = now();
        const opened = later || !hasFirstPainted() ? new Promise<void>((resolve) => afterFirstPaint(resolve)).then(database) : database();
        const stored = opened.then((db) => putCachedResponse(db, userId, url, data, fetchedAt));
        // Tests hand in their own database and read it right after: wait for it there only.
        if (deps.database) await stored;
        else void stored.catch((error: unknown) => console.warn('Could not store a cached response', error));
        if (api.queryCacheKey) api.dispatch(freshReceived(api.queryCacheKey));
      }
      return { data, meta };
    };

    // A visitor's first GET of an answer the server wrote into the page takes it from there
    // (documentAnswer.ts): the public view, which is what a visitor is sent. Every GET asks, so
    // that one made signed in drops it.
    if (method === 'GET') {
      const written = takeDocumentAnswer(url, token === null);
      if (written !== undefined) return succeeded(written, undefined, true);
    }

    let result = await raw(request, api, {});
    if (result.error && isUnreachable(normaliseFetchError(result.error, result.meta)) && connectionCameBack()) result = await fetchAgain();
    if (!result.error) return succeeded(result.data, result.meta);

    const error = normaliseFetchError(result.error, result.meta);
    if (error.status === 401 && token !== null) {
      // A protected call was refused: the session is over on this device.
      const dispatch = api.dispatch as ThunkDispatch<WithSession, unknown, UnknownAction>;
      await dispatch(logout(deps.database));
      if (!isAuthExemptPath(currentPath())) navigate('/login');
      return { error, meta: result.meta };
    }
    if (cacheable && isUnreachable(error)) {
      const cached = await getCachedResponse(await database(), userId, url);
      if (connectionCameBack()) {
        const again = await fetchAgain();
        if (!again.error) return succeeded(again.data, again.meta);
      }
      if (cached) {
        if (api.queryCacheKey) api.dispatch(staleServed({ queryCacheKey: api.queryCacheKey, fetchedAt: cached.fetchedAt }));
        return { data: cached.data, meta: result.meta };
      }
    }
    return { error, meta: result.meta };
  };
}

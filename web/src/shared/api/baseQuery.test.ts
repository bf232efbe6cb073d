import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { createApi } from '@reduxjs/toolkit/query/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, freshDatabase, type FakeFetch } from '../../test/offline';
import { FakePaintObserver, stubPaintTiming } from '../../test/paintTiming';
import { resetFirstPaint } from '../lib/firstPaint';
import type { InternoDatabase } from '../offline/db';
import { getCachedResponse } from '../offline/responseCache';
import { sessionReducer, type SessionState, type StoredUser } from '../session/sessionSlice';
import { createBaseQuery, requestUrl } from './baseQuery';
import { resetDocumentAnswer } from './documentAnswer';
import { resetEarlyAnswer } from './earlyAnswer';
import type { AppError } from './errors';
import { selectStaleness, staleReducer } from './staleSlice';

const USER: StoredUser = {
  access_token: 'jwt-1',
  token_type: 'bearer',
  id: 7,
  name: 'Giulia',
  email: 'giulia@example.com',
  role: 'user',
  is_admin: false,
  is_designer: false,
  has_designer_profile: false,
};

let database: InternoDatabase;
let server: FakeFetch;
let navigations: string[];
let path: string;

function setup(user: StoredUser | null) {
  const testApi = createApi({
    reducerPath: 'api',
    baseQuery: createBaseQuery({
      database,
      fetchFn: server.fetch,
      baseUrl: 'http://app.test/api',
      navigate: (to) => navigations.push(to),
      currentPath: () => path,
    }),
    endpoints: (build) => ({
      profile: build.query<unknown, void>({ query: () => '/users/me' }),
      designer: build.query<unknown, number>({ query: (id) => `/designers/${id}` }),
      designers: build.query<unknown, { page: number }>({ query: ({ page }) => ({ url: '/designers/matches', params: { page, limit: 5 } }) }),
      like: build.mutation<unknown, number>({ query: (id) => ({ url: '/likes', method: 'POST', body: { designer_id: id } }) }),
    }),
  });
  const reducer = combineReducers({ api: testApi.reducer, session: sessionReducer, stale: staleReducer });
  const session: SessionState = { user, rememberMe: false };
  const store = configureStore({
    reducer,
    preloadedState: { session },
    middleware: (getDefault) => getDefault().concat(testApi.middleware),
  });
  return { testApi, store };
}

beforeEach(() => {
  database = freshDatabase();
  server = fakeFetch();
  navigations = [];
  path = '/user-profile';
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(async () => {
  vi.restoreAllMocks();
  await database.delete();
});

describe('createBaseQuery', () => {
  it('sends the bearer token and an Idempotency-Key on state-changing calls', async () => {
    const { testApi, store } = setup(USER);
    await store.dispatch(testApi.endpoints.profile.initiate());
    await store.dispatch(testApi.endpoints.like.initiate(3));
    expect(server.calls[0]?.headers.authorization).toBe('Bearer jwt-1');
    expect(server.calls[0]?.headers['idempotency-key']).toBeUndefined();
    expect(server.calls[1]?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends no token for visitors', async () => {
    const { testApi, store } = setup(null);
    await store.dispatch(testApi.endpoints.profile.initiate());
    expect(server.calls[0]?.headers.authorization).toBeUndefined();
  });

  it('logs out and goes to /login on a 401 from a protected call', async () => {
    localStorage.setItem('user', JSON.stringify(USER));
    localStorage.setItem('remember_me', 'true');
    localStorage.setItem('cookie-consent', 'all');
    sessionStorage.setItem('pendingContact', '{}');
    server.respond(() => ({ status: 401, body: { detail: 'Could not validate credentials' } }));
    const { testApi, store } = setup(USER);

    const result = await store.dispatch(testApi.endpoints.profile.initiate());

    expect((result.error as AppError).message).toBe("Sessione scaduta. Effettua nuovamente l'accesso.");
    expect(store.getState().session.user).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('remember_me')).toBeNull();
    expect(localStorage.getItem('cookie-consent')).toBe('all');
    expect(sessionStorage.getItem('pendingContact')).toBeNull();
    expect(navigations).toEqual(['/login']);
  });

  it.each(['/', '/login', '/request-password-reset', '/reset-password'])('logs out but stays on %s', async (where) => {
    path = where;
    server.respond(() => ({ status: 401, body: { detail: 'expired' } }));
    const { testApi, store } = setup(USER);
    await store.dispatch(testApi.endpoints.profile.initiate());
    expect(store.getState().session.user).toBeNull();
    expect(navigations).toEqual([]);
  });

  it('leaves visitors alone on a 401 (wrong credentials are not an expired session)', async () => {
    server.respond(() => ({ status: 401, body: { detail: 'Incorrect email or password' } }));
    const { testApi, store } = setup(null);
    const result = await store.dispatch(testApi.endpoints.profile.initiate());
    expect((result.error as AppError).detail).toBe('Incorrect email or password');
    expect(navigations).toEqual([]);
  });

  it('normalises validation lists into fields and an Italian message', async () => {
    server.respond(() => ({
      status: 422,
      body: { detail: [{ loc: ['body', 'email'], msg: 'value is not a valid email address', type: 'value_error' }], reason: 'validation' },
    }));
    const { testApi, store } = setup(USER);
    const result = await store.dispatch(testApi.endpoints.like.initiate(1));
    expect('error' in result && result.error).toMatchObject({
      kind: 'http',
      status: 422,
      reason: 'validation',
      message: 'Alcuni dati non sono validi. Controlla i campi e riprova.',
      fields: [{ field: 'email', detail: 'value is not a valid email address' }],
    });
  });

  it('keeps GET answers per user and serves them, flagged stale, when the network fails', async () => {
    server.respond(() => ({ status: 200, body: { designers: [{ id: 1 }], has_more: false } }));
    const first = setup(USER);
    await first.store.dispatch(first.testApi.endpoints.designers.initiate({ page: 1 }));
    const cached = await getCachedResponse(database, '7', '/designers/matches?page=1&limit=5');
    expect(cached?.data).toEqual({ designers: [{ id: 1 }], has_more: false });

    server.respond(() => 'network-error');
    const second = setup(USER);
    const result = await second.store.dispatch(second.testApi.endpoints.designers.initiate({ page: 1 }));
    expect(result.data).toEqual({ designers: [{ id: 1 }], has_more: false });
    const staleness = selectStaleness(second.store.getState(), { endpointName: 'designers', originalArgs: { page: 1 } });
    expect(staleness).toEqual({ stale: true, fetchedAt: cached?.fetchedAt });

    // Another user on the same device never sees that copy.
    const other = setup({ ...USER, id: 8, access_token: 'jwt-8' });
    const otherResult = await other.store.dispatch(other.testApi.endpoints.designers.initiate({ page: 1 }));
    expect(otherResult.error).toMatchObject({ kind: 'network', message: 'Errore di connessione al server. Riprova più tardi.' });
  });

  it('tries a GET once more when the connection came back while it failed, instead of keeping the failure', async () => {
    // RTK Query's refetch on reconnect skips a request still pending at the `online` event.
    let attempts = 0;
    server.respond(() => {
      attempts += 1;
      if (attempts > 1) return { status: 200, body: { designers: [{ id: 2 }], has_more: false } };
      window.dispatchEvent(new Event('online'));
      return 'network-error';
    });
    const { testApi, store } = setup(USER);
    const result = await store.dispatch(testApi.endpoints.designers.initiate({ page: 1 }));
    expect(result.data).toEqual({ designers: [{ id: 2 }], has_more: false });
    expect(server.calls).toHaveLength(2);
    expect(selectStaleness(store.getState(), { endpointName: 'designers', originalArgs: { page: 1 } }).stale).toBe(false);
  });

  it('tries a GET once more when the connection came back while its offline copy was being read', async () => {
    server.respond(() => ({ status: 200, body: { v: 1 } }));
    const first = setup(USER);
    await first.store.dispatch(first.testApi.endpoints.profile.initiate());
    const read = database.responses.get.bind(database.responses);
    vi.spyOn(database.responses, 'get').mockImplementation(((key: string) => {
      window.dispatchEvent(new Event('online'));
      server.respond(() => ({ status: 200, body: { v: 2 } }));
      return read(key);
    }) as never);
    server.respond(() => 'network-error');
    const second = setup(USER);
    const result = await second.store.dispatch(second.testApi.endpoints.profile.initiate());
    expect(result.data).toEqual({ v: 2 });
    expect(selectStaleness(second.store.getState(), { endpointName: 'profile', originalArgs: undefined }).stale).toBe(false);
  });

  it('does not try again when the connection did not come back, nor more than once', async () => {
    server.respond(() => 'network-error');
    const { testApi, store } = setup(USER);
    const alone = await store.dispatch(testApi.endpoints.profile.initiate());
    expect(alone.error).toMatchObject({ kind: 'network' });
    expect(server.calls).toHaveLength(1);

    server.respond(() => {
      window.dispatchEvent(new Event('online'));
      return 'network-error';
    });
    const flapping = await store.dispatch(testApi.endpoints.profile.initiate(undefined, { forceRefetch: true }));
    expect(flapping.error).toMatchObject({ kind: 'network' });
    expect(server.calls).toHaveLength(3);
  });

  it('never tries a state-changing call again by itself (the outbox owns those)', async () => {
    server.respond(() => {
      window.dispatchEvent(new Event('online'));
      return 'network-error';
    });
    const { testApi, store } = setup(USER);
    const result = await store.dispatch(testApi.endpoints.like.initiate(3));
    expect(result.error).toMatchObject({ kind: 'network' });
    expect(server.calls).toHaveLength(1);
  });

  it('clears the stale flag when a fresh answer arrives', async () => {
    server.respond(() => ({ status: 200, body: { v: 1 } }));
    const { testApi, store } = setup(USER);
    await store.dispatch(testApi.endpoints.profile.initiate());
    server.respond(() => 'network-error');
    await store.dispatch(testApi.endpoints.profile.initiate(undefined, { forceRefetch: true }));
    expect(selectStaleness(store.getState(), { endpointName: 'profile', originalArgs: undefined }).stale).toBe(true);
    server.respond(() => ({ status: 200, body: { v: 2 } }));
    await store.dispatch(testApi.endpoints.profile.initiate(undefined, { forceRefetch: true }));
    expect(selectStaleness(store.getState(), { endpointName: 'profile', originalArgs: undefined }).stale).toBe(false);
  });

  it("clears the user's cached answers at logout", async () => {
    server.respond(() => ({ status: 200, body: { name: 'Giulia' } }));
    const { testApi, store } = setup(USER);
    await store.dispatch(testApi.endpoints.profile.initiate());
    expect(await database.responses.count()).toBe(1);
    server.respond(() => ({ status: 401, body: { detail: 'expired' } }));
    await store.dispatch(testApi.endpoints.profile.initiate(undefined, { forceRefetch: true }));
    expect(await database.responses.count()).toBe(0);
  });
});

describe('requestUrl', () => {
  it('appends params in order and skips empty ones', () => {
    expect(requestUrl({ url: '/designers', params: { page: 2, q: undefined, limit: 5 } })).toBe('/designers?page=2&limit=5');
    expect(requestUrl('/config')).toBe('/config');
    expect(requestUrl({ url: '/a?x=1', params: { y: 2 } })).toBe('/a?x=1&y=2');
  });
});

describe('an answer written into the page', () => {
  const DESIGNER = { id: 12, name: 'Sara Neri', bio: 'Case luminose </script> e calde' };

  function writeIntoPage(url: string, text: string): void {
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = 'first-answer';
    element.dataset.url = url;
    element.textContent = text;
    document.head.append(element);
  }

  beforeEach(() => {
    resetDocumentAnswer();
    // The page's answer serves only its first ten seconds, counted from the page's start: a test
    // file that starts late on a busy machine must still be a page's first screen.
    vi.spyOn(performance, 'now').mockReturnValue(1_000);
    server.respond(() => ({ status: 200, body: { id: 12, name: 'dal server' } }));
  });
  afterEach(() => {
    document.getElementById('first-answer')?.remove();
    resetDocumentAnswer();
  });

  it("is a visitor's first GET of that address: no request, kept for offline reading, and asked for again on a refetch", async () => {
    writeIntoPage('/designers/12', JSON.stringify(DESIGNER));
    const { testApi, store } = setup(null);
    const first = await store.dispatch(testApi.endpoints.designer.initiate(12));
    expect(first.data).toEqual(DESIGNER);
    expect(server.calls).toHaveLength(0);
    expect(document.getElementById('first-answer')).toBeNull();
    expect((await getCachedResponse(database, null, '/designers/12'))?.data).toEqual(DESIGNER);
    const again = await store.dispatch(testApi.endpoints.designer.initiate(12, { forceRefetch: true }));
    expect(again.data).toEqual({ id: 12, name: 'dal server' });
    expect(server.calls.map((call) => call.url)).toEqual(['http://app.test/api/designers/12']);
  });

  it('is not used for another address', async () => {
    writeIntoPage('/designers/12', JSON.stringify(DESIGNER));
    const { testApi, store } = setup(null);
    const other = await store.dispatch(testApi.endpoints.designer.initiate(13));
    expect(other.data).toEqual({ id: 12, name: 'dal server' });
    expect(server.calls.map((call) => call.url)).toEqual(['http://app.test/api/designers/13']);
    const first = await store.dispatch(testApi.endpoints.designer.initiate(12));
    expect(first.data).toEqual(DESIGNER);
    expect(server.calls).toHaveLength(1);
  });

  it('is not used for someone signed in: their answer can differ from the public one', async () => {
    writeIntoPage('/designers/12', JSON.stringify(DESIGNER));
    const { testApi, store } = setup(USER);
    const result = await store.dispatch(testApi.endpoints.designer.initiate(12));
    expect(result.data).toEqual({ id: 12, name: 'dal server' });
    expect(server.calls[0]?.headers.authorization).toBe('Bearer jwt-1');
  });

  it('is dropped by a GET made signed in: a visitor after the logout asks the server', async () => {
    writeIntoPage('/designers/12', JSON.stringify(DESIGNER));
    const signedIn = setup(USER);
    await signedIn.store.dispatch(signedIn.testApi.endpoints.profile.initiate());
    const visitor = setup(null);
    const result = await visitor.store.dispatch(visitor.testApi.endpoints.designer.initiate(12));
    expect(result.data).toEqual({ id: 12, name: 'dal server' });
    expect(server.calls.map((call) => call.url)).toEqual(['http://app.test/api/users/me', 'http://app.test/api/designers/12']);
  });

  it('is for the first screen only: a visit to that address later asks the server', async () => {
    writeIntoPage('/designers/12', JSON.stringify(DESIGNER));
    vi.spyOn(performance, 'now').mockReturnValue(10_001);
    const { testApi, store } = setup(null);
    const result = await store.dispatch(testApi.endpoints.designer.initiate(12));
    expect(result.data).toEqual({ id: 12, name: 'dal server' });
    expect(server.calls).toHaveLength(1);
  });

  it('is ignored when damaged: the GET asks the server', async () => {
    writeIntoPage('/designers/12', '{"id": 12, "name": ');
    const { testApi, store } = setup(null);
    const result = await store.dispatch(testApi.endpoints.designer.initiate(12));
    expect(result.data).toEqual({ id: 12, name: 'dal server' });
    expect(server.calls).toHaveLength(1);
  });
});

describe('an answer that arrives before the page has painted', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    resetFirstPaint();
  });

  it('is kept only once the page has painted (keeping it loads IndexedDB, which must not delay that paint)', async () => {
    stubPaintTiming();
    const { testApi, store } = setup(USER);
    const put = vi.spyOn(database.responses, 'put');
    const answered = store.dispatch(testApi.endpoints.profile.initiate());
    await vi.waitFor(() => expect(server.calls).toHaveLength(1));
    for (let i = 0; i < 10; i++) await Promise.resolve();
    expect(put).not.toHaveBeenCalled();
    FakePaintObserver.paint('first-contentful-paint');
    await answered;
    expect(put).toHaveBeenCalledTimes(1);
    expect((await getCachedResponse(database, '7', '/users/me'))?.data).toBeDefined();
  });
});

describe("the first screen's answer asked for before the app ran (index.html, earlyAnswer.ts)", () => {
  // The page's answer is read once per page: each test is a fresh page.
  beforeEach(() => resetEarlyAnswer());
  afterEach(() => resetEarlyAnswer());

  /** What index.html's script leaves when it asked for the profile with `token`. */
  function askedEarly(token: string): void {
    window.__internoEarlyAnswer = {
      url: '/api/users/me',
      authorization: `Bearer ${token}`,
      response: server.fetch('/api/users/me', { headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } }),
      startedAt: performance.now(),
    };
  }

  it('is what the first GET of the profile gets, without asking again', async () => {
    server.respond(() => ({ status: 200, body: { user: { id: 7, name: 'Giulia (presto)' } } }));
    askedEarly('jwt-1');
    const { testApi, store } = setup(USER);
    const result = await store.dispatch(testApi.endpoints.profile.initiate());
    expect(result.data).toEqual({ user: { id: 7, name: 'Giulia (presto)' } });
    expect(server.calls).toHaveLength(1);
    // A refetch asks the server.
    await store.dispatch(testApi.endpoints.profile.initiate(undefined, { forceRefetch: true }));
    expect(server.calls).toHaveLength(2);
  });

  it('ends the session on a 401 as any answer would', async () => {
    localStorage.setItem('user', JSON.stringify(USER));
    server.respond(() => ({ status: 401, body: { detail: 'Could not validate credentials' } }));
    askedEarly('jwt-1');
    const { testApi, store } = setup(USER);
    const result = await store.dispatch(testApi.endpoints.profile.initiate());
    expect((result.error as AppError | undefined)?.status).toBe(401);
    expect(store.getState().session.user).toBeNull();
    expect(navigations).toEqual(['/login']);
    expect(server.calls).toHaveLength(1);
  });
});

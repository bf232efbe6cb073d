import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../shared/api/api';
import { staleReducer } from '../../../shared/api/staleSlice';
import { sessionReducer, type StoredUser } from '../../../shared/session/sessionSlice';
import { ANNA, setOnline } from '../../../test/session';
import { PasswordResetRequestPage } from './PasswordResetRequestPage';
import { ResetPasswordPage } from './ResetPasswordPage';

// The app's sign-out (it queues the server's logout through the outbox; its own tests cover that):
// here it records the scope and forgets the session, as it does in the end.
const signOuts = vi.hoisted(() => ({ scopes: [] as string[], codeArrives: true }));
vi.mock('../../../shared/session/loadSignOut', async () => {
  const { signedOut } = await import('../../../shared/session/sessionSlice');
  return {
    loadSignOut: () =>
      // codeArrives false: the sign-out's code is still on its way (it never comes here).
      (signOuts.codeArrives ? Promise.resolve.bind(Promise) : () => new Promise<never>(() => undefined))({
        signOut: (scope: string) => (dispatch: (action: unknown) => void) => {
          signOuts.scopes.push(scope);
          dispatch(signedOut());
          return Promise.resolve();
        },
      }),
  };
});

const CHECK = '/api/auth/reset-password/check';
const RESET = '/api/auth/reset-password';
const INVALID = { status: 400, body: { detail: 'Invalid or expired reset token', reason: 'reset_token_invalid' } };
const INVALID_TEXT = 'Il link per reimpostare la password non è valido o è scaduto. Richiedine uno nuovo.';

let calls: { path: string; body: unknown }[];
/** The server's answer by path; 'network' makes the request fail as with no connection. */
let replies: Record<string, { status: number; body: unknown } | 'network'>;
/** Requests wait here until settle() lets them go, so a test sees the page while they are under way. */
let held: (() => void)[];

function renderAt(path: string, user: StoredUser | null = null) {
  const store = configureStore({
    reducer: combineReducers({ [api.reducerPath]: api.reducer, session: sessionReducer, stale: staleReducer }),
    preloadedState: { session: { user, rememberMe: false } },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  const router = createMemoryRouter(
    [
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/request-password-reset', element: <PasswordResetRequestPage /> },
      { path: '/login', element: <h1>login page</h1> },
      { path: '/profile', element: <h1>profile page</h1> },
    ],
    { initialEntries: [path] },
  );
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { router, store };
}

beforeEach(() => {
  calls = [];
  held = [];
  signOuts.scopes = [];
  signOuts.codeArrives = true;
  replies = { [CHECK]: { status: 200, body: { email: 'anna@example.com' } } };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | string, init?: RequestInit) => {
      const request = typeof input === 'string' ? new Request(new URL(input, 'http://localhost'), init) : input;
      const path = new URL(request.url).pathname;
      calls.push({ path, body: JSON.parse(await request.text()) as unknown });
      await new Promise<void>((done) => held.push(done));
      const reply = replies[path] ?? { status: 200, body: { message: 'ok' } };
      if (reply === 'network') throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setOnline(true);
});

/** Taps the offer to sign out and in: the device signs out, and /login opens with `search`. */
async function switchAccount(button: string, { router, store }: ReturnType<typeof renderAt>, search: string) {
  fireEvent.click(screen.getByRole('button', { name: button }));
  await settle();
  expect(signOuts.scopes).toEqual(['device']);
  expect(store.getState().session.user).toBeNull();
  expect(router.state.location.pathname).toBe('/login');
  expect(router.state.location.search).toBe(search);
}

/** Lets the held answers go and gives the app a few real turns (setImmediate is never faked here). */
async function settle() {
  await act(async () => {
    for (let i = 0; i < 20; i++) {
      for (const release of held.splice(0)) release();
      await new Promise((done) => setImmediate(done));
    }
  });
}

async function typeAndSubmit(password: string) {
  fireEvent.input(screen.getByLabelText('Nuova password'), { target: { value: password } });
  fireEvent.input(screen.getByLabelText('Conferma nuova password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Reimposta Password' }));
  await screen.findByRole('button', { name: 'Salvataggio della nuova password...' });
}

describe('password reset pages', { timeout: 30_000 }, () => {
  it('says at once when the link has no token', () => {
    renderAt('/reset-password');
    expect(screen.getByText('Token di reset non valido o mancante. Richiedi un nuovo reset della password.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Torna al Login' }).getAttribute('href')).toBe('/login');
    expect(calls).toEqual([]);
  });

  it('shows the form while the link is checked, names its account, checks the new password, sends once while busy, then shows success and goes to /login after 3 seconds', async () => {
    const { router } = renderAt('/reset-password?token=abc123');
    expect(screen.getByRole('heading', { level: 1, name: 'Reimposta Password' })).toBeTruthy();
    // Nothing waits for the check: the form is there and takes what is typed.
    expect(screen.getByText('Scegli una nuova password per il tuo account.')).toBeTruthy();
    fireEvent.input(screen.getByLabelText('Nuova password'), { target: { value: 'nuova-pass-1' } });
    await expect.poll(() => calls).toEqual([{ path: CHECK, body: { token: 'abc123' } }]);
    await settle();
    expect(await screen.findByText('Scegli una nuova password per anna@example.com.')).toBeTruthy();
    expect((screen.getByLabelText('Nuova password') as HTMLInputElement).value).toBe('nuova-pass-1');
    expect(screen.queryByText(/Hai effettuato l'accesso/)).toBeNull();

    fireEvent.input(screen.getByLabelText('Conferma nuova password'), { target: { value: 'nuova-pass-2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reimposta Password' }));
    expect(await screen.findByText('Le password non coincidono.')).toBeTruthy();
    fireEvent.input(screen.getByLabelText('Conferma nuova password'), { target: { value: 'nuova-pass-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reimposta Password' }));
    const busy = await screen.findByRole('button', { name: 'Salvataggio della nuova password...' });
    fireEvent.click(busy);
    fireEvent.submit(busy.closest('form') as HTMLFormElement);
    expect(calls.filter((call) => call.path === RESET)).toEqual([{ path: RESET, body: { token: 'abc123', new_password: 'nuova-pass-1' } }]);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await settle();
    expect(screen.getByText('Password reimpostata con successo! Reindirizzamento al login...')).toBeTruthy();
    act(() => vi.advanceTimersByTime(2900));
    expect(router.state.location.pathname).toBe('/reset-password');
    act(() => vi.advanceTimersByTime(200));
    expect(router.state.location.pathname).toBe('/login');
    expect(calls.filter((call) => call.path === CHECK)).toHaveLength(1);
  });

  it('replaces the form with the reason, before anything is typed, when the link is used or expired', async () => {
    replies[CHECK] = INVALID;
    renderAt('/reset-password?token=used');
    expect(screen.getByLabelText('Nuova password')).toBeTruthy();
    await settle();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(INVALID_TEXT);
    // Focus moves to the reason, so it is read out and the keyboard goes on from there.
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(screen.queryByLabelText('Nuova password')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reimposta Password' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Richiedi un nuovo link' }).getAttribute('href')).toBe('/request-password-reset');
    expect(calls).toEqual([{ path: CHECK, body: { token: 'used' } }]);
  });

  it('says the same when the link stops working between the check and the submit', async () => {
    replies[RESET] = INVALID;
    renderAt('/reset-password?token=old');
    await settle();
    await screen.findByText('Scegli una nuova password per anna@example.com.');
    await typeAndSubmit('nuova-pass-1');
    await settle();
    expect((await screen.findByRole('alert')).textContent).toBe(INVALID_TEXT);
    expect(screen.queryByLabelText('Nuova password')).toBeNull();
    expect(screen.getByRole('link', { name: 'Richiedi un nuovo link' })).toBeTruthy();
  });

  it('keeps the form as it was when the check cannot reach the server, and the submit still says what is wrong', async () => {
    replies[CHECK] = 'network';
    replies[RESET] = INVALID;
    renderAt('/reset-password?token=abc');
    await settle();
    expect(calls).toEqual([{ path: CHECK, body: { token: 'abc' } }]);
    expect(screen.getByText('Scegli una nuova password per il tuo account.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    await typeAndSubmit('nuova-pass-1');
    await settle();
    expect((await screen.findByRole('alert')).textContent).toBe(INVALID_TEXT);
  });

  it('does not ask offline, and asks when the connection returns', async () => {
    setOnline(false);
    renderAt('/reset-password?token=abc');
    expect(screen.getByText(/Sei offline/)).toBeTruthy();
    await settle();
    expect(calls).toEqual([]);
    act(() => setOnline(true));
    await expect.poll(() => calls).toEqual([{ path: CHECK, body: { token: 'abc' } }]);
    await settle();
    expect(await screen.findByText('Scegli una nuova password per anna@example.com.')).toBeTruthy();
  });

  it('keeps what the server said of the link when the connection drops', async () => {
    renderAt('/reset-password?token=abc');
    await settle();
    await screen.findByText('Scegli una nuova password per anna@example.com.');
    act(() => setOnline(false));
    await screen.findByText(/Sei offline/);
    expect(screen.getByText('Scegli una nuova password per anna@example.com.')).toBeTruthy();
    cleanup();
    setOnline(true);

    replies[CHECK] = INVALID;
    renderAt('/reset-password?token=used');
    await settle();
    await screen.findByRole('link', { name: 'Richiedi un nuovo link' });
    act(() => setOnline(false));
    await settle();
    expect(screen.queryByLabelText('Nuova password')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe(INVALID_TEXT);
  });

  it('tells a person signed in as another account whose password the link changes, and offers to sign in as that account afterwards', async () => {
    replies[CHECK] = { status: 200, body: { email: 'irene@example.com' } };
    const { router, store } = renderAt('/reset-password?token=irene', ANNA);
    await settle();
    expect(
      (await screen.findByText("Hai effettuato l'accesso come anna@example.com, ma questo link cambia la password di irene@example.com.")).closest('[role="alert"]'),
    ).toBeTruthy();
    expect(screen.getByText('Scegli una nuova password per irene@example.com.')).toBeTruthy();
    // /login would lead a signed-in person to their own home: the way back says where it goes.
    expect(screen.queryByRole('link', { name: 'Torna al Login' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Torna al tuo account' }).getAttribute('href')).toBe('/profile');
    await typeAndSubmit('nuova-pass-1');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await settle();
    const success = screen.getByText('La password di irene@example.com è stata reimpostata. Sei ancora connesso come anna@example.com.');
    // Not sent on to /login, which would lead a signed-in person to their own home.
    act(() => vi.advanceTimersByTime(10_000));
    expect(router.state.location.pathname).toBe('/reset-password');
    vi.useRealTimers();
    await waitFor(() => expect(document.activeElement).toBe(success.closest('[role="status"]')));
    expect(screen.queryByRole('link', { name: 'Torna al Login' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Resta connesso come anna@example.com' }).getAttribute('href')).toBe('/profile');

    await switchAccount('Esci e accedi come irene@example.com', { router, store }, '?email=irene%40example.com');
    // The check is not asked again after the reset.
    expect(calls.filter((call) => call.path === CHECK)).toHaveLength(1);
  });

  it('signed in as the account of the link: no notice; the reset ended this session, so the device signs out, and /login has the address', async () => {
    replies[CHECK] = { status: 200, body: { email: 'anna@example.com' } };
    const { router, store } = renderAt('/reset-password?token=anna', { ...ANNA, email: 'Anna@Example.com' });
    await settle();
    await screen.findByText('Scegli una nuova password per anna@example.com.');
    expect(screen.queryByText(/Hai effettuato l'accesso/)).toBeNull();
    await typeAndSubmit('nuova-pass-1');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await settle();
    expect(screen.getByText('Password reimpostata con successo! Reindirizzamento al login...')).toBeTruthy();
    expect(signOuts.scopes).toEqual(['device']);
    expect(store.getState().session.user).toBeNull();
    act(() => vi.advanceTimersByTime(3100));
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?email=anna%40example.com');
  });

  it("signed in as the account of the link: after the reset the way back is the login, even while the device's sign-out is under way", async () => {
    replies[CHECK] = { status: 200, body: { email: 'anna@example.com' } };
    signOuts.codeArrives = false;
    renderAt('/reset-password?token=anna', ANNA);
    await settle();
    await screen.findByText('Scegli una nuova password per anna@example.com.');
    expect(screen.getByRole('link', { name: 'Torna al tuo account' })).toBeTruthy();
    await typeAndSubmit('nuova-pass-1');
    await settle();
    screen.getByText('Password reimpostata con successo! Reindirizzamento al login...');
    expect(screen.getByRole('link', { name: 'Torna al Login' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('link', { name: 'Torna al tuo account' })).toBeNull();
  });

  it('signed in, with a check that could not answer: after the reset the person is offered to sign out and in, not sent to their own home', async () => {
    replies[CHECK] = 'network';
    const { router, store } = renderAt('/reset-password?token=irene', ANNA);
    await settle();
    expect(screen.getByText('Scegli una nuova password per il tuo account.')).toBeTruthy();
    await typeAndSubmit('nuova-pass-1');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await settle();
    screen.getByText("Password reimpostata con successo. Sei ancora connesso come anna@example.com: per accedere con l'account del link, esci e accedi.");
    act(() => vi.advanceTimersByTime(10_000));
    expect(router.state.location.pathname).toBe('/reset-password');
    vi.useRealTimers();
    expect(screen.getByRole('link', { name: 'Resta connesso come anna@example.com' }).getAttribute('href')).toBe('/profile');
    await switchAccount('Esci e accedi', { router, store }, '');
  });

  it('a visitor goes to /login with the address of the link filled in', async () => {
    const { router } = renderAt('/reset-password?token=abc');
    await settle();
    await screen.findByText('Scegli una nuova password per anna@example.com.');
    expect(screen.getByRole('link', { name: 'Torna al Login' }).getAttribute('href')).toBe('/login');
    await typeAndSubmit('nuova-pass-1');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await settle();
    act(() => vi.advanceTimersByTime(3100));
    expect(router.state.location.search).toBe('?email=anna%40example.com');
    expect(signOuts.scopes).toEqual([]);
  });

  it('requests a link with the busy text and returns to /login', async () => {
    const router = renderAt('/request-password-reset').router;
    fireEvent.click(screen.getByRole('button', { name: 'Invia Link di Reset' }));
    expect(await screen.findByText('Inserisci il tuo indirizzo email')).toBeTruthy();
    fireEvent.input(screen.getByLabelText('Email'), { target: { value: 'anna@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Invia Link di Reset' }));
    expect(await screen.findByRole('button', { name: 'Invio link di reset...' })).toBeTruthy();
    await settle();
    expect(calls).toEqual([{ path: '/api/auth/request-password-reset', body: { email: 'anna@example.com' } }]);
    expect(router.state.location.pathname).toBe('/login');
  });
});

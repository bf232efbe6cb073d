import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../shared/api/api';
import { staleReducer } from '../../../shared/api/staleSlice';
import { sessionReducer } from '../../../shared/session/sessionSlice';
import { PasswordResetRequestPage } from './PasswordResetRequestPage';
import { ResetPasswordPage } from './ResetPasswordPage';

let calls: { path: string; body: unknown }[];
let reply: { status: number; body: unknown };
let release: (() => void) | null;

function renderAt(path: string) {
  const store = configureStore({
    reducer: combineReducers({ [api.reducerPath]: api.reducer, session: sessionReducer, stale: staleReducer }),
    preloadedState: { session: { user: null, rememberMe: false } },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  const router = createMemoryRouter(
    [
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/request-password-reset', element: <PasswordResetRequestPage /> },
      { path: '/login', element: <h1>login page</h1> },
    ],
    { initialEntries: [path] },
  );
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return router;
}

beforeEach(() => {
  calls = [];
  release = null;
  reply = { status: 200, body: { message: 'ok' } };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | string, init?: RequestInit) => {
      const request = typeof input === 'string' ? new Request(new URL(input, 'http://localhost'), init) : input;
      calls.push({ path: new URL(request.url).pathname, body: JSON.parse(await request.text()) as unknown });
      await new Promise<void>((done) => {
        release = done;
      });
      return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Lets the held answer go and gives the app a few real turns (setImmediate is never faked here). */
async function settle() {
  await act(async () => {
    release?.();
    for (let i = 0; i < 20; i++) await new Promise((done) => setImmediate(done));
  });
}

describe('password reset pages', { timeout: 30_000 }, () => {
  it('says at once when the link has no token', () => {
    renderAt('/reset-password');
    expect(screen.getByText('Token di reset non valido o mancante. Richiedi un nuovo reset della password.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Torna al Login' }).getAttribute('href')).toBe('/login');
  });

  it('checks the new password, sends once while busy, then shows success and goes to /login after 3 seconds', async () => {
    const router = renderAt('/reset-password?token=abc123');
    expect(screen.getByRole('heading', { level: 1, name: 'Reimposta Password' })).toBeTruthy();
    fireEvent.input(screen.getByLabelText('Nuova password'), { target: { value: 'nuova-pass-1' } });
    fireEvent.input(screen.getByLabelText('Conferma nuova password'), { target: { value: 'nuova-pass-2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reimposta Password' }));
    expect(await screen.findByText('Le password non coincidono.')).toBeTruthy();
    fireEvent.input(screen.getByLabelText('Conferma nuova password'), { target: { value: 'nuova-pass-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reimposta Password' }));
    const busy = await screen.findByRole('button', { name: 'Salvataggio della nuova password...' });
    fireEvent.click(busy);
    fireEvent.submit(busy.closest('form') as HTMLFormElement);
    expect(calls).toEqual([{ path: '/api/auth/reset-password', body: { token: 'abc123', new_password: 'nuova-pass-1' } }]);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await settle();
    expect(screen.getByText('Password reimpostata con successo! Reindirizzamento al login...')).toBeTruthy();
    act(() => vi.advanceTimersByTime(2900));
    expect(router.state.location.pathname).toBe('/reset-password');
    act(() => vi.advanceTimersByTime(200));
    expect(router.state.location.pathname).toBe('/login');
  });

  it('explains an expired or used link', async () => {
    reply = { status: 400, body: { detail: 'Invalid or expired reset token', reason: 'reset_token_invalid' } };
    renderAt('/reset-password?token=old');
    fireEvent.input(screen.getByLabelText('Nuova password'), { target: { value: 'nuova-pass-1' } });
    fireEvent.input(screen.getByLabelText('Conferma nuova password'), { target: { value: 'nuova-pass-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reimposta Password' }));
    await screen.findByRole('button', { name: 'Salvataggio della nuova password...' });
    await settle();
    expect(await screen.findByText(/Il link per reimpostare la password non è valido o è scaduto/)).toBeTruthy();
  });

  it('requests a link with the busy text and returns to /login', async () => {
    const router = renderAt('/request-password-reset');
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

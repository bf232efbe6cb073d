import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { act, cleanup, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../shared/api/api';
import { staleReducer } from '../../../shared/api/staleSlice';
import { db } from '../../../shared/offline/db';
import { sessionReducer } from '../../../shared/session/sessionSlice';
import { FakeXhr } from '../../../test/fakeXhr';
import { useDesignerRegistration } from '../hooks/useRegistration';
import { DesignerRegistration } from './DesignerRegistration';

const google = vi.hoisted(() => ({ onCredential: null as ((credential: string) => void) | null }));
vi.mock('../../../shared/lib/googleIdentity', () => ({
  renderGoogleButton: vi.fn(async (options: { onCredential: (credential: string) => void }) => {
    google.onCredential = options.onCredential;
  }),
}));
let clientId = '';

function LoginProbe() {
  const location = useLocation();
  return <p>{`login ${location.search}`}</p>;
}

function newStore() {
  return configureStore({
    reducer: combineReducers({ [api.reducerPath]: api.reducer, session: sessionReducer, stale: staleReducer }),
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}

function renderRegistration() {
  const store = newStore();
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/designer-registration']}>
        <div id="root">
          <Routes>
            <Route path="/designer-registration" element={<DesignerRegistration />} />
            <Route path="/login" element={<LoginProbe />} />
          </Routes>
        </div>
      </MemoryRouter>
    </Provider>,
  );
}

function tick(name: string | RegExp, role: 'checkbox' | 'radio' = 'checkbox') {
  fireEvent.click(screen.getByRole(role, { name }));
}

function fillForm() {
  fireEvent.input(screen.getByLabelText('Nome e cognome'), { target: { value: 'Chiara Galli' } });
  fireEvent.input(screen.getByLabelText('Email'), { target: { value: 'chiara@example.com' } });
  fireEvent.input(screen.getByLabelText('Città'), { target: { value: ' Bari ' } });
  fireEvent.input(screen.getByLabelText('Biografia'), { target: { value: 'Case luminose.' } });
  tick(/^Naturale e mediterraneo/, 'radio');
  tick('Mediterraneo');
  tick('5-7 giorni', 'radio');
  tick('Di persona');
  tick(/^Ho letto e accetto/);
}

beforeEach(() => {
  // Each case starts on an entry of its own: step two adds one, which Back (and Torna al modulo) leaves.
  window.history.replaceState(null, '');
  clientId = '';
  google.onCredential = null;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.stubGlobal('scrollTo', vi.fn());
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ google_client_id: clientId }), { status: 200, headers: { 'Content-Type': 'application/json' } })),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});



// A long form: rendering it many times is slow on a busy machine.
describe('DesignerRegistration', { timeout: 30_000 }, () => {
  it('lists every missing field with the spec alerts and stays on the form', () => {
    renderRegistration();
    fireEvent.click(screen.getByRole('button', { name: 'Continua' }));
    const summary = screen.getByRole('alert');
    expect(summary.textContent).toContain('Please enter your name');
    expect(summary.textContent).toContain('Please agree to the privacy policy');
    expect(screen.getByLabelText('Nome e cognome').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByLabelText('Conferma password')).toBeNull();
  });

  it('goes to the password step, enforces its rules, registers and leads to /login', async () => {
    FakeXhr.reset({ status: 201, body: { id: 12, name: 'Chiara Galli' } });
    const add = vi.spyOn(db.outbox, 'add');
    renderRegistration();
    fillForm();
    fireEvent.click(screen.getByRole('button', { name: 'Continua' }));
    const submit = await screen.findByRole('button', { name: 'Crea account designer' });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'corta' } });
    expect(screen.getByText('La password deve contenere almeno 8 caratteri')).toBeTruthy();
    fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'lunga-abbastanza' } });
    fireEvent.input(screen.getByLabelText('Conferma password'), { target: { value: 'lunga-abbastanzA' } });
    expect(screen.getByText('Le password non corrispondono')).toBeTruthy();
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    fireEvent.input(screen.getByLabelText('Conferma password'), { target: { value: 'lunga-abbastanza' } });
    expect((submit as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(submit);
    await screen.findByText('login ?email=chiara%40example.com&welcome=designer');
    const body = JSON.parse(FakeXhr.sent[0]?.body ?? '{}') as Record<string, unknown>;
    expect(FakeXhr.sent[0]?.url).toBe('/api/designers');
    expect(body).toMatchObject({
      name: 'Chiara Galli', email: 'chiara@example.com', city: 'Bari', password: 'lunga-abbastanza', privacy_consent: true,
      specialties: ['Mediterraneo'], design_style: 'E', prima_proposta: '5-7 giorni', work_preferences: ['in-person'],
      experience: 0, min_budget: 300, gallery_images: [],
    });
    expect(body).not.toHaveProperty('profile_picture');
    // The designer.register command: an Idempotency-Key, no account's token, nothing kept on the device.
    expect(FakeXhr.sent[0]?.requestHeaders['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(FakeXhr.sent[0]?.requestHeaders.Authorization).toBeUndefined();
    expect(add).not.toHaveBeenCalled();
    expect(await db.outbox.count()).toBe(0);
  });

  it('offline, the registration is refused at once by its command with the Italian reason: nothing sent, nothing kept', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    FakeXhr.reset({ status: 201, body: { id: 12, name: 'Chiara Galli' } });
    const add = vi.spyOn(db.outbox, 'add');
    const store = newStore();
    const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
    const { result } = renderHook(() => useDesignerRegistration(), { wrapper });
    let outcome: Awaited<ReturnType<typeof result.current.withPassword>> | undefined;
    await act(async () => {
      outcome = await result.current.withPassword({ name: 'Chiara Galli' }, 'lunga-abbastanza');
    });
    expect(outcome).toMatchObject({
      ok: false,
      error: { kind: 'network', reason: 'offline', message: 'Sei offline: questa operazione richiede la connessione. Riprova quando sei di nuovo online.' },
    });
    expect(FakeXhr.sent).toEqual([]);
    expect(add).not.toHaveBeenCalled();
    expect(await db.outbox.count()).toBe(0);
  });

  it('offline, the password step says so and keeps its button off', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    FakeXhr.reset();
    renderRegistration();
    fillForm();
    fireEvent.click(screen.getByRole('button', { name: 'Continua' }));
    fireEvent.input(await screen.findByLabelText('Password'), { target: { value: 'lunga-abbastanza' } });
    fireEvent.input(screen.getByLabelText('Conferma password'), { target: { value: 'lunga-abbastanza' } });
    expect((screen.getByRole('button', { name: 'Crea account designer' }) as HTMLButtonElement).disabled).toBe(true);
    expect(FakeXhr.sent).toEqual([]);
  });

  it('reports the upload’s progress from the command send path', async () => {
    FakeXhr.reset({ status: 201, body: { id: 12, name: 'Chiara Galli' } });
    const store = newStore();
    const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
    const { result } = renderHook(() => useDesignerRegistration(), { wrapper });
    expect(result.current.progress).toBe(0);
    let outcome: Awaited<ReturnType<typeof result.current.withPassword>> | undefined;
    await act(async () => {
      outcome = await result.current.withPassword({ name: 'Chiara Galli' }, 'lunga-abbastanza');
    });
    expect(outcome).toMatchObject({ ok: true, designer: { id: 12 } });
    // FakeXhr reports half the body, then all of it.
    expect(result.current.progress).toBe(1);
    expect(result.current.sending).toBe(false);
    expect(FakeXhr.sent[0]?.url).toBe('/api/designers');
  });

  it('a retry after a lost answer reuses the Idempotency-Key (the server may have registered it); a changed form gets a new one', async () => {
    const store = newStore();
    const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
    const { result } = renderHook(() => useDesignerRegistration(), { wrapper });
    const keys = () => FakeXhr.sent.map((request) => request.requestHeaders['Idempotency-Key']);

    FakeXhr.reset('network');
    await act(async () => {
      expect(await result.current.withPassword({ name: 'Chiara Galli' }, 'lunga-abbastanza')).toMatchObject({ ok: false, error: { kind: 'network' } });
    });
    const lost = keys()[0];
    expect(lost).toMatch(/.+/);

    FakeXhr.sent.length = 0;
    FakeXhr.answer = { status: 201, body: { id: 12, name: 'Chiara Galli' } };
    await act(async () => {
      expect(await result.current.withPassword({ name: 'Chiara Galli' }, 'lunga-abbastanza')).toMatchObject({ ok: true, designer: { id: 12 } });
    });
    expect(keys()).toEqual([lost]);

    // Answered: the next registration is a new request.
    FakeXhr.sent.length = 0;
    await act(async () => {
      await result.current.withPassword({ name: 'Chiara Galli' }, 'lunga-abbastanza');
    });
    expect(keys()[0]).not.toBe(lost);

    // Lost again, then sent with another name: the server would refuse the old key with another body.
    FakeXhr.sent.length = 0;
    FakeXhr.answer = 'network';
    await act(async () => {
      await result.current.withPassword({ name: 'Chiara Galli' }, 'lunga-abbastanza');
    });
    const second = keys()[0];
    FakeXhr.answer = { status: 201, body: { id: 13, name: 'Chiara Galli Rossi' } };
    await act(async () => {
      await result.current.withPassword({ name: 'Chiara Galli Rossi' }, 'lunga-abbastanza');
    });
    expect(keys()).toHaveLength(2);
    expect(keys()[1]).not.toBe(second);
  });

  it('keeps everything on a taken e-mail and marks the field on the way back', async () => {
    FakeXhr.reset({ status: 409, body: { detail: 'This email address is already registered', reason: 'email_taken' } });
    renderRegistration();
    fillForm();
    fireEvent.click(screen.getByRole('button', { name: 'Continua' }));
    fireEvent.input(await screen.findByLabelText('Password'), { target: { value: 'lunga-abbastanza' } });
    fireEvent.input(screen.getByLabelText('Conferma password'), { target: { value: 'lunga-abbastanza' } });
    fireEvent.click(screen.getByRole('button', { name: 'Crea account designer' }));
    await screen.findByText('This email address is already registered. Please use a different email.');
    fireEvent.click(screen.getByRole('button', { name: 'Torna al modulo' }));
    await waitFor(() => expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true'));
    expect((screen.getByLabelText('Nome e cognome') as HTMLInputElement).value).toBe('Chiara Galli');
  });

  it('names a network failure', async () => {
    FakeXhr.reset('network');
    renderRegistration();
    fillForm();
    fireEvent.click(screen.getByRole('button', { name: 'Continua' }));
    fireEvent.input(await screen.findByLabelText('Password'), { target: { value: 'lunga-abbastanza' } });
    fireEvent.input(screen.getByLabelText('Conferma password'), { target: { value: 'lunga-abbastanza' } });
    fireEvent.click(screen.getByRole('button', { name: 'Crea account designer' }));
    await screen.findByText('Network error: Unable to connect to the server. Please check your internet connection and try again.');
  });

  it('registers with Google when a client id is configured, sending the profile without a password', async () => {
    clientId = 'client.apps.example';
    FakeXhr.reset({ status: 201, body: { id: 13, name: 'Chiara Galli' } });
    renderRegistration();
    fillForm();
    fireEvent.click(screen.getByRole('button', { name: 'Continua' }));
    await screen.findByText('Ultimo passo: crea una password oppure registrati con il tuo account Google.');
    await waitFor(() => expect(google.onCredential).not.toBeNull());
    google.onCredential?.('google-id-token');
    await screen.findByText('login ?email=chiara%40example.com&welcome=designer');
    expect(FakeXhr.sent[0]?.url).toBe('/api/designers/google-auth');
    const body = JSON.parse(FakeXhr.sent[0]?.body ?? '{}') as { credential: string; designer_data: Record<string, unknown> };
    expect(body.credential).toBe('google-id-token');
    expect(body.designer_data).toMatchObject({ name: 'Chiara Galli', privacy_consent: true, experience: 0, min_budget: 300 });
    expect(body.designer_data).not.toHaveProperty('password');
  });

  it('explains a Google failure in the spec words', async () => {
    clientId = 'client.apps.example';
    FakeXhr.reset({ status: 401, body: { detail: 'Invalid Google credential', reason: 'token_invalid' } });
    renderRegistration();
    fillForm();
    fireEvent.click(screen.getByRole('button', { name: 'Continua' }));
    await waitFor(() => expect(google.onCredential).not.toBeNull());
    google.onCredential?.('bad-token');
    await screen.findByText('Google authentication failed: Invalid Google credential. Please try manual registration.');
  });
});

import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../shared/api/api';
import { staleReducer } from '../../../shared/api/staleSlice';
import { loadQuiz, readIntent, registrationFor, saveQuiz } from '../../../shared/lib/journey';
import { db } from '../../../shared/offline/db';
import { sessionReducer, signedOut, type StoredUser } from '../../../shared/session/sessionSlice';
import { setOnline } from '../../../test/session';
import { LoginPage } from './LoginPage';
import { PasswordResetRequestPage } from './PasswordResetRequestPage';
import { accountResetLink } from '../lib/destination';
import { dismissAllToasts, ToastViewport } from '../../../shared/ui/Toast';

type Answer = { status: number; body: unknown };
let answers: Record<string, Answer>;
let sent: { url: string; body: unknown }[];
/** Answers held back until the test lets them go. */
let gates: Record<string, Promise<void>>;

function Where({ name }: { name: string }) {
  const location = useLocation();
  return <h1 data-path={location.pathname + location.search}>{name}</h1>;
}

function renderLogin(path: string, user: StoredUser | null = null) {
  const store = configureStore({
    reducer: combineReducers({ [api.reducerPath]: api.reducer, session: sessionReducer, stale: staleReducer }),
    preloadedState: { session: { user, rememberMe: false } },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/request-password-reset', element: <PasswordResetRequestPage /> },
      { path: '/profile', element: <Where name="account" /> },
      { path: '/profile/:id', element: <Where name="profile" /> },
      { path: '/user-profile', element: <Where name="user-profile" /> },
      { path: '/designer-profile', element: <Where name="designer-profile" /> },
      { path: '/appuntamenti', element: <Where name="appuntamenti" /> },
      { path: '/', element: <Where name="home" /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <Provider store={store}>
      <div id="root">
        <RouterProvider router={router} />
        <ToastViewport />
      </div>
    </Provider>,
  );
  return { store, router };
}

const session = (role: string) => ({ access_token: 'jwt', token_type: 'bearer', id: 3, user_id: 3, name: 'Anna', email: 'anna@example.com', role, is_admin: role === 'admin', is_designer: role === 'designer' });
/** A customer signed in (a role the app's types know, with no designer profile). */
const customer = (): StoredUser => ({ ...session('user'), role: 'user', has_designer_profile: false });

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  sent = [];
  gates = {};
  answers = { '/api/config': { status: 200, body: { google_client_id: '' } } };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | string, init?: RequestInit) => {
      const request = typeof input === 'string' ? new Request(new URL(input, 'http://localhost'), init) : input;
      const path = new URL(request.url).pathname;
      const text = request.method === 'GET' ? '' : await request.text();
      sent.push({ url: path, body: text ? (JSON.parse(text) as unknown) : null });
      await gates[path];
      const answer = answers[path] ?? { status: 404, body: { detail: 'not found' } };
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
});

afterEach(() => {
  cleanup();
  dismissAllToasts();
  vi.unstubAllGlobals();
});

function type(label: string, value: string) {
  fireEvent.input(screen.getByLabelText(label), { target: { value } });
}

/** The registration form filled in as Anna, with a valid password confirmed. */
function fillRegistration() {
  type('Nome', 'Anna');
  type('Email', 'anna@example.com');
  type('Password', 'password123');
  type('Conferma password', 'password123');
}

describe('LoginPage', { timeout: 30_000 }, () => {
  it('shows the Italian bad-credentials text on a refused login', async () => {
    answers['/api/auth/login'] = { status: 401, body: { detail: 'Invalid credentials: incorrect email or password', reason: 'invalid_credentials' } };
    renderLogin('/login');
    type('Email', 'anna@example.com');
    type('Password', 'wrong-password');
    fireEvent.click(screen.getByRole('button', { name: 'Accedi' }));
    expect(await screen.findByText('Credenziali non valide. Verifica email e password.')).toBeTruthy();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('signs in through the signIn command, which never writes the password to IndexedDB', async () => {
    answers['/api/auth/login'] = { status: 200, body: session('user') };
    await db.outbox.clear();
    const add = vi.spyOn(db.outbox, 'add');
    renderLogin('/login');
    type('Email', 'anna@example.com');
    type('Password', 'segreta-123');
    fireEvent.click(screen.getByRole('button', { name: 'Accedi' }));
    await waitFor(() => expect(localStorage.getItem('user') ?? sessionStorage.getItem('user')).not.toBeNull());
    expect(sent.filter((call) => call.url === '/api/auth/login').map((call) => call.body)).toEqual([
      { email: 'anna@example.com', password: 'segreta-123', remember_me: false },
    ]);
    expect(add).not.toHaveBeenCalled();
    expect(await db.outbox.count()).toBe(0);
    add.mockRestore();
  });

  it('offline refuses the sign-in at once with the Italian reason: nothing sent, nothing kept', async () => {
    await db.outbox.clear();
    const add = vi.spyOn(db.outbox, 'add');
    renderLogin('/login');
    await waitFor(() => expect(sent.some((call) => call.url === '/api/config')).toBe(true));
    setOnline(false);
    try {
      type('Email', 'anna@example.com');
      type('Password', 'segreta-123');
      fireEvent.click(screen.getByRole('button', { name: 'Accedi' }));
      // The form's warning, and the answer to the click.
      await waitFor(() => expect(screen.getAllByText('Sei offline: per accedere o registrarti serve una connessione. Riprova quando torni online.')).toHaveLength(2));
      expect(sent.some((call) => call.url === '/api/auth/login')).toBe(false);
      expect(add).not.toHaveBeenCalled();
      expect(await db.outbox.count()).toBe(0);
    } finally {
      setOnline(true);
      add.mockRestore();
    }
  });

  it('stores the session with remember_me and goes to the role home', async () => {
    answers['/api/auth/login'] = { status: 200, body: session('designer') };
    renderLogin('/login');
    type('Email', 'anna@example.com');
    type('Password', 'password123');
    fireEvent.click(screen.getByLabelText('Ricordami su questo dispositivo'));
    fireEvent.click(screen.getByRole('button', { name: 'Accedi' }));
    await screen.findByRole('heading', { name: 'designer-profile' });
    expect(sent.find((r) => r.url === '/api/auth/login')?.body).toEqual({ email: 'anna@example.com', password: 'password123', remember_me: true });
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ access_token: 'jwt', role: 'designer' });
    expect(localStorage.getItem('remember_me')).toBe('true');
  });

  it('goes back to returnTo after login', async () => {
    answers['/api/auth/login'] = { status: 200, body: session('user') };
    renderLogin('/login?returnTo=%2Fappuntamenti');
    type('Email', 'anna@example.com');
    type('Password', 'password123');
    fireEvent.click(screen.getByRole('button', { name: 'Accedi' }));
    await screen.findByRole('heading', { name: 'appuntamenti' });
  });

  it('validates registration with the spec texts before sending anything', async () => {
    renderLogin('/login?mode=register');
    fireEvent.click(screen.getByRole('button', { name: 'Registrati' }));
    expect(await screen.findByText('Per favore compila tutti i campi richiesti.')).toBeTruthy();
    type('Nome', 'Anna');
    type('Email', 'anna@example.com');
    type('Password', 'password123');
    fireEvent.click(screen.getByRole('button', { name: 'Registrati' }));
    expect((await screen.findAllByText('Per favore conferma la tua password.')).length).toBeGreaterThan(0);
    expect(sent.some((r) => r.url === '/api/auth/register')).toBe(false);
  });

  it('lets nobody type more than the server accepts, in login and registration', async () => {
    renderLogin('/login?mode=register');
    const max = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).maxLength;
    expect([max('Nome'), max('Email'), max('Password'), max('Conferma password')]).toEqual([120, 254, 256, 256]);
    fireEvent.click(screen.getByRole('tab', { name: 'Accedi' }));
    await waitFor(() => expect(screen.queryByLabelText('Nome')).toBeNull());
    expect([max('Email'), max('Password')]).toEqual([254, 256]);
  });

  it("marks the field the server refused as too long, in Italian, instead of a generic banner", async () => {
    answers['/api/auth/register'] = {
      status: 422,
      body: { detail: [{ loc: ['body', 'name'], msg: 'Name is too long (max 120 characters)', type: 'value_error' }], reason: 'validation' },
    };
    renderLogin('/login?mode=register');
    fillRegistration();
    fireEvent.click(screen.getByRole('button', { name: 'Registrati' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Registrati senza test' }));
    expect(await screen.findByText('Il nome può contenere al massimo 120 caratteri.')).toBeTruthy();
    expect(screen.getByLabelText('Nome').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('Alcuni dati non sono validi. Controlla i campi e riprova.')).toBeNull();
    expect(document.body.textContent).not.toMatch(/too long/);
  });

  it('asks for the questionnaire without a quiz result, and can register anyway', async () => {
    answers['/api/auth/register'] = { status: 201, body: session('user') };
    renderLogin('/login?mode=register');
    fillRegistration();
    fireEvent.click(screen.getByRole('button', { name: 'Registrati' }));
    expect(await screen.findByRole('dialog', { name: 'Questionario Richiesto' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Registrati senza test' }));
    await screen.findByRole('heading', { name: 'user-profile' });
    expect(sent.find((r) => r.url === '/api/auth/register')?.body).toEqual({ email: 'anna@example.com', password: 'password123', name: 'Anna' });
  });

  it('carries the stored quiz result into registration and then forgets it', async () => {
    const analysis = { dominant_style: 'C', style_percentages: { A: 10, B: 10, C: 50, D: 10, E: 20 } };
    saveQuiz({ lead: { lead_id: 12, lead_token: 'token-of-lead-12' }, answers: ['Luce naturale'], style_analysis: analysis });
    answers['/api/auth/register'] = { status: 201, body: session('user') };
    renderLogin('/login?mode=register');
    expect(screen.getByText(/Minimal Contemporaneo/)).toBeTruthy();
    fillRegistration();
    fireEvent.click(screen.getByRole('button', { name: 'Registrati' }));
    await screen.findByRole('heading', { name: 'user-profile' });
    expect(sent.find((r) => r.url === '/api/auth/register')?.body).toEqual({
      email: 'anna@example.com', password: 'password123', name: 'Anna', lead_id: 12, lead_token: 'token-of-lead-12',
      questionnaire_answers: ['Luce naturale'], style_analysis: analysis,
    });
    expect(loadQuiz()).toBeNull();
  });

  it('points an already registered address to Accedi, which opens login with the e-mail filled in', async () => {
    answers['/api/auth/register'] = { status: 409, body: { detail: 'A user with this email already exists', reason: 'email_taken' } };
    renderLogin('/login?leadId=5&leadToken=secret-5');
    fillRegistration();
    fireEvent.click(screen.getByRole('button', { name: 'Registrati' }));
    expect(await screen.findByText(/Questa email è già registrata\. Clicca su/)).toBeTruthy();
    expect(sent.find((r) => r.url === '/api/auth/register')?.body).toMatchObject({ lead_id: 5, lead_token: 'secret-5' });
    fireEvent.click(screen.getByRole('button', { name: 'Accedi' }));
    await waitFor(() => expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('anna@example.com'));
    expect(screen.getByRole('tab', { name: 'Accedi' }).getAttribute('aria-selected')).toBe('true');
  });

  it('never asks for the questionnaire when a link brought its lead, and sends it along', async () => {
    answers['/api/auth/register'] = { status: 201, body: session('user') };
    renderLogin('/login?mode=register&redirect=designers&leadId=31&leadToken=secret-31');
    expect(screen.getByText('Il risultato del tuo questionario di stile verrà salvato nel tuo account.')).toBeTruthy();
    fillRegistration();
    fireEvent.click(screen.getByRole('button', { name: 'Registrati' }));
    await screen.findByRole('heading', { name: 'user-profile' });
    expect(screen.queryByRole('dialog', { name: 'Questionario Richiesto' })).toBeNull();
    expect(sent.find((r) => r.url === '/api/auth/register')?.body).toMatchObject({ lead_id: 31, lead_token: 'secret-31' });
    expect(loadQuiz()).toBeNull();
  });

  it('does not promise to save a result a link names without its token, and sends no lead', async () => {
    answers['/api/auth/register'] = { status: 201, body: session('user') };
    renderLogin('/login?redirect=designers&leadId=31');
    expect(screen.getByRole('tab', { name: 'Registrati' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByText('Il risultato del tuo questionario di stile verrà salvato nel tuo account.')).toBeNull();
    expect(loadQuiz()).toBeNull();
    fillRegistration();
    fireEvent.click(screen.getByRole('button', { name: 'Registrati' }));
    // No questionnaire in this journey: the seed's "Questionario Richiesto" offers it.
    const dialog = await screen.findByRole('dialog', { name: 'Questionario Richiesto' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Registrati senza test' }));
    await screen.findByRole('heading', { name: 'user-profile' });
    const body = sent.find((r) => r.url === '/api/auth/register')?.body;
    expect(body).not.toHaveProperty('lead_id');
    expect(body).not.toHaveProperty('lead_token');
  });

  it('carries the questionnaire into a login too, and forgets it once the account holds it', async () => {
    saveQuiz({ lead: { lead_id: 12, lead_token: 'secret' }, answers: ['Luce naturale'], style_analysis: null });
    answers['/api/auth/login'] = { status: 200, body: session('user') };
    renderLogin('/login');
    type('Email', 'anna@example.com');
    type('Password', 'password123');
    fireEvent.click(screen.getByRole('button', { name: 'Accedi' }));
    await screen.findByRole('heading', { name: 'user-profile' });
    expect(sent.find((r) => r.url === '/api/auth/login')?.body).toEqual({
      email: 'anna@example.com', password: 'password123', remember_me: false, lead_id: 12, lead_token: 'secret',
    });
    expect(loadQuiz()).toBeNull();
  });

  it('takes a visitor back to the page they were acting on, and leaves the intent for the resumer', async () => {
    sessionStorage.setItem('pendingDesigner', JSON.stringify({ id: 7, name: 'Chiara', action: 'like' }));
    sessionStorage.setItem('returnAfterRegistration', '/appuntamenti');
    answers['/api/auth/login'] = { status: 200, body: session('user') };
    renderLogin('/login?redirect=designers');
    type('Email', 'anna@example.com');
    type('Password', 'password123');
    fireEvent.click(screen.getByRole('button', { name: 'Accedi' }));
    await screen.findByRole('heading', { name: 'appuntamenti' });
    expect(sessionStorage.getItem('pendingDesigner')).not.toBeNull();
  });

  it('"Password dimenticata?" goes back to the same sign-in with the address, and the sign-in then goes back to the page the visitor acted on', async () => {
    // A visitor's message to a designer asked for an account: the registration, opened from the page.
    const { to, state } = registrationFor({ kind: 'contact', designer: { id: 7, name: 'Chiara' } }, '/profile/7');
    const [pathname, search] = to.split('?');
    const { router } = renderLogin('/profile/7');
    await router.navigate({ pathname: pathname ?? '', search: `?${search ?? ''}` }, { state });
    fireEvent.click(await screen.findByRole('tab', { name: 'Accedi' }));
    type('Email', 'anna@example.com');
    fireEvent.click(screen.getByRole('link', { name: 'Password dimenticata?' }));
    await screen.findByRole('heading', { level: 1, name: 'Reimposta Password' });
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('anna@example.com');
    answers['/api/auth/request-password-reset'] = { status: 200, body: { message: 'ok' } };
    fireEvent.click(screen.getByRole('button', { name: 'Invia Link di Reset' }));
    // The same entry as before (the message still waits for it), the address filled in.
    await screen.findByRole('button', { name: 'Accedi' });
    expect(router.state.historyAction).toBe('POP');
    expect(router.state.location.search).toBe('?redirect=contact');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('anna@example.com');
    expect(sent.filter((call) => call.url === '/api/auth/request-password-reset').map((call) => call.body)).toEqual([{ email: 'anna@example.com' }]);

    answers['/api/auth/login'] = { status: 200, body: session('user') };
    type('Password', 'nuova-password-1');
    fireEvent.click(screen.getByRole('button', { name: 'Accedi' }));
    await screen.findByRole('heading', { name: 'profile' });
    // Back to the page's own entry (not a second copy of it), the intent left for the resumer.
    expect(router.state.historyAction).toBe('POP');
    expect(router.state.location.pathname).toBe('/profile/7');
    expect(readIntent()?.intent.kind).toBe('contact');
  });

  it('a reset request opened on its own goes to the login with the address, and "Torna al Login" goes back to the login it came from', async () => {
    answers['/api/auth/request-password-reset'] = { status: 200, body: { message: 'ok' } };
    const { router } = renderLogin('/request-password-reset?email=anna%40example.com');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('anna@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Invia Link di Reset' }));
    await screen.findByRole('button', { name: 'Accedi' });
    expect(router.state.historyAction).toBe('REPLACE');
    expect(router.state.location.search).toBe('?email=anna%40example.com');

    fireEvent.click(screen.getByRole('link', { name: 'Password dimenticata?' }));
    await screen.findByRole('heading', { level: 1, name: 'Reimposta Password' });
    type('Email', 'anna.bis@example.com');
    fireEvent.click(screen.getByRole('link', { name: 'Torna al Login' }));
    await screen.findByRole('button', { name: 'Accedi' });
    expect(router.state.historyAction).toBe('POP');
    expect(router.state.location.search).toBe('?email=anna%40example.com');
    // The address typed on the way comes back too.
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('anna.bis@example.com');
  });

  it('a person signed in, who asked for a link from their profile, goes back to their account, not to a login they do not need', async () => {
    answers['/api/auth/request-password-reset'] = { status: 200, body: { message: 'ok' } };
    const { router } = renderLogin('/request-password-reset?email=anna%40example.com', customer());
    const back = screen.getByRole('link', { name: 'Torna al tuo account' });
    expect(back.getAttribute('href')).toBe('/profile');
    expect(screen.queryByRole('link', { name: 'Torna al Login' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Invia Link di Reset' }));
    await screen.findByRole('heading', { name: 'account' });
    expect(router.state.historyAction).toBe('REPLACE');
    expect(router.state.location.pathname).toBe('/profile');
    expect(sent.filter((request) => request.url === '/api/auth/request-password-reset')).toEqual([
      { url: '/api/auth/request-password-reset', body: { email: 'anna@example.com' } },
    ]);
    await screen.findByText("Se l'indirizzo è registrato, riceverai a breve un'email con il link per reimpostare la password. Il link vale un'ora.");
  });

  it("a person who asked for a link from their profile's page goes back to that very entry, not to a second copy of it", async () => {
    answers['/api/auth/request-password-reset'] = { status: 200, body: { message: 'ok' } };
    const { router } = renderLogin('/user-profile', customer());
    await screen.findByRole('heading', { name: 'user-profile' });
    const accountEntry = router.state.location.key;
    const link = accountResetLink('anna@example.com');
    await router.navigate(link.to, { state: link.state });
    await screen.findByRole('heading', { level: 1, name: 'Reimposta Password' });
    // "Torna al tuo account" goes back to it.
    fireEvent.click(screen.getByRole('link', { name: 'Torna al tuo account' }));
    await screen.findByRole('heading', { name: 'user-profile' });
    expect(router.state.historyAction).toBe('POP');
    expect(router.state.location.key).toBe(accountEntry);
    // And so does the request's success, with its toast.
    await router.navigate(link.to, { state: link.state });
    await screen.findByRole('heading', { level: 1, name: 'Reimposta Password' });
    fireEvent.click(screen.getByRole('button', { name: 'Invia Link di Reset' }));
    await screen.findByRole('heading', { name: 'user-profile' });
    expect(router.state.historyAction).toBe('POP');
    expect(router.state.location.pathname).toBe('/user-profile');
    expect(router.state.location.key).toBe(accountEntry);
    await screen.findByText("Se l'indirizzo è registrato, riceverai a breve un'email con il link per reimpostare la password. Il link vale un'ora.");
  });

  it("opened from the profile's page by a person signed out before the answer comes, it offers the login, not a way back to a guarded page", async () => {
    let release = (): void => {};
    gates['/api/auth/request-password-reset'] = new Promise<void>((resolve) => (release = resolve));
    answers['/api/auth/request-password-reset'] = { status: 200, body: { message: 'ok' } };
    const { router, store } = renderLogin('/user-profile', customer());
    await screen.findByRole('heading', { name: 'user-profile' });
    const link = accountResetLink('anna@example.com');
    await router.navigate(link.to, { state: link.state });
    fireEvent.click(await screen.findByRole('button', { name: 'Invia Link di Reset' }));
    await waitFor(() => expect(sent.some((call) => call.url === '/api/auth/request-password-reset')).toBe(true));
    store.dispatch(signedOut());
    release();
    await screen.findByRole('button', { name: 'Accedi' });
    expect(router.state.historyAction).toBe('REPLACE');
    expect(router.state.location.search).toBe('?email=anna%40example.com');
  });

  it('a reset request left with Back while under way moves nobody when its answer comes', async () => {
    let release = (): void => {};
    gates['/api/auth/request-password-reset'] = new Promise<void>((resolve) => (release = resolve));
    answers['/api/auth/request-password-reset'] = { status: 200, body: { message: 'ok' } };
    const { router } = renderLogin('/profile/7');
    await router.navigate('/login?redirect=contact');
    type('Email', 'anna@example.com');
    fireEvent.click(screen.getByRole('link', { name: 'Password dimenticata?' }));
    await screen.findByRole('heading', { level: 1, name: 'Reimposta Password' });
    fireEvent.click(screen.getByRole('button', { name: 'Invia Link di Reset' }));
    await waitFor(() => expect(sent.some((call) => call.url === '/api/auth/request-password-reset')).toBe(true));
    // Back to the login before the answer.
    await router.navigate(-1);
    await screen.findByRole('button', { name: 'Accedi' });
    release();
    await waitFor(() => expect(screen.getByText(/riceverai a breve un'email/)).toBeTruthy());
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?redirect=contact');
  });

  it('greets a designer who has just registered as new, not "Bentornato"', async () => {
    answers['/api/auth/login'] = { status: 200, body: session('designer') };
    renderLogin('/login?email=studio%40example.com&welcome=designer');
    expect(screen.getByRole('heading', { level: 1, name: 'Benvenuto in Interno' })).toBeTruthy();
    expect(screen.getByText('Account designer creato! Accedi per vedere il tuo profilo.')).toBeTruthy();
    type('Password', 'password123');
    fireEvent.click(screen.getByRole('button', { name: 'Accedi' }));
    await screen.findByRole('heading', { name: 'designer-profile' });
    expect(screen.queryByText('Account designer creato! Accedi per vedere il tuo profilo.')).toBeNull();
  });

  it('takes a field message away as soon as the field is corrected', async () => {
    renderLogin('/login?mode=register');
    type('Nome', 'Anna');
    type('Email', 'anna@');
    type('Password', 'corta');
    type('Conferma password', 'corta');
    fireEvent.click(screen.getByRole('button', { name: 'Registrati' }));
    expect(await screen.findByText('Formato email non valido')).toBeTruthy();
    type('Email', 'anna@example.com');
    await waitFor(() => expect(screen.queryByText('Formato email non valido')).toBeNull());
    // The password is still too short: its message stays until it is fixed.
    expect(screen.getByText(/almeno 8 caratteri/)).toBeTruthy();
  });

  it('says so instead of failing when the device is offline', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderLogin('/login');
    expect(screen.getAllByText(/Sei offline: per accedere o registrarti serve una connessione/).length).toBeGreaterThan(0);
    type('Email', 'anna@example.com');
    type('Password', 'password123');
    fireEvent.click(screen.getByRole('button', { name: 'Accedi' }));
    await waitFor(() => expect(screen.getAllByText(/Sei offline/).length).toBeGreaterThan(1));
    expect(sent.some((r) => r.url === '/api/auth/login')).toBe(false);
    online.mockRestore();
  });
});

describe('registration with a questionnaire taken offline', { timeout: 30_000 }, () => {
  it('sends the answers without a lead id so the server scores them', async () => {
    const analysis = { dominant_style: 'A', style_percentages: { A: 60, B: 10, C: 10, D: 10, E: 10 } };
    saveQuiz({ lead: null, answers: ['Colori vivaci'], style_analysis: analysis });
    answers['/api/auth/register'] = { status: 201, body: session('user') };
    renderLogin('/login?mode=register');
    fillRegistration();
    fireEvent.click(screen.getByRole('button', { name: 'Registrati' }));
    await screen.findByRole('heading', { name: 'user-profile' });
    expect(sent.find((r) => r.url === '/api/auth/register')?.body).toEqual({
      email: 'anna@example.com', password: 'password123', name: 'Anna', questionnaire_answers: ['Colori vivaci'], style_analysis: analysis,
    });
  });
});

import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../shared/api/api';
import { staleReducer } from '../../../shared/api/staleSlice';
import { saveQuizResult } from '../../../shared/lib/quizResult';
import { sessionReducer } from '../../../shared/session/sessionSlice';
import { LoginPage } from './LoginPage';

type Answer = { status: number; body: unknown };
let answers: Record<string, Answer>;
let sent: { url: string; body: unknown }[];

function Where({ name }: { name: string }) {
  const location = useLocation();
  return <h1 data-path={location.pathname + location.search}>{name}</h1>;
}

function renderLogin(path: string) {
  const store = configureStore({
    reducer: combineReducers({ [api.reducerPath]: api.reducer, session: sessionReducer, stale: staleReducer }),
    preloadedState: { session: { user: null, rememberMe: false } },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
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
      </div>
    </Provider>,
  );
  return { store, router };
}

const session = (role: string) => ({ access_token: 'jwt', token_type: 'bearer', id: 3, user_id: 3, name: 'Anna', email: 'anna@example.com', role, is_admin: role === 'admin', is_designer: role === 'designer' });

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  sent = [];
  answers = { '/api/config': { status: 200, body: { google_client_id: '' } } };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | string) => {
      const request = typeof input === 'string' ? new Request(new URL(input, 'http://localhost')) : input;
      const path = new URL(request.url).pathname;
      const text = request.method === 'GET' ? '' : await request.text();
      sent.push({ url: path, body: text ? (JSON.parse(text) as unknown) : null });
      const answer = answers[path] ?? { status: 404, body: { detail: 'not found' } };
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
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

  it('asks for the questionnaire without a quiz result, and can register anyway', async () => {
    answers['/api/auth/register'] = { status: 201, body: session('user') };
    renderLogin('/login?mode=register');
    type('Nome', 'Anna');
    type('Email', 'anna@example.com');
    type('Password', 'password123');
    type('Conferma password', 'password123');
    fireEvent.click(screen.getByRole('button', { name: 'Registrati' }));
    expect(await screen.findByRole('dialog', { name: 'Questionario Richiesto' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Registrati senza test' }));
    await screen.findByRole('heading', { name: 'user-profile' });
    expect(sent.find((r) => r.url === '/api/auth/register')?.body).toEqual({ email: 'anna@example.com', password: 'password123', name: 'Anna' });
  });

  it('carries the stored quiz result into registration and then forgets it', async () => {
    const analysis = { dominant_style: 'C', style_percentages: { A: 10, B: 10, C: 50, D: 10, E: 20 } };
    saveQuizResult({ lead_id: 12, lead_token: 'token-of-lead-12', answers: ['Luce naturale'], style_analysis: analysis });
    answers['/api/auth/register'] = { status: 201, body: session('user') };
    renderLogin('/login?mode=register');
    expect(screen.getByText(/Minimal Contemporaneo/)).toBeTruthy();
    type('Nome', 'Anna');
    type('Email', 'anna@example.com');
    type('Password', 'password123');
    type('Conferma password', 'password123');
    fireEvent.click(screen.getByRole('button', { name: 'Registrati' }));
    await screen.findByRole('heading', { name: 'user-profile' });
    expect(sent.find((r) => r.url === '/api/auth/register')?.body).toEqual({
      email: 'anna@example.com', password: 'password123', name: 'Anna', lead_id: 12, lead_token: 'token-of-lead-12',
      questionnaire_answers: ['Luce naturale'], style_analysis: analysis,
    });
    expect(localStorage.getItem('questionnaire_answers')).toBeNull();
  });

  it('points an already registered address to Accedi, which opens login with the e-mail filled in', async () => {
    answers['/api/auth/register'] = { status: 409, body: { detail: 'A user with this email already exists', reason: 'email_taken' } };
    renderLogin('/login?leadId=5');
    type('Nome', 'Anna');
    type('Email', 'anna@example.com');
    type('Password', 'password123');
    type('Conferma password', 'password123');
    fireEvent.click(screen.getByRole('button', { name: 'Registrati' }));
    expect(await screen.findByText(/Questa email è già registrata\. Clicca su/)).toBeTruthy();
    // A lead id from a link carries no token: it attaches nothing, so none is invented.
    expect(sent.find((r) => r.url === '/api/auth/register')?.body).toMatchObject({ lead_id: 5 });
    expect(sent.find((r) => r.url === '/api/auth/register')?.body).not.toHaveProperty('lead_token');
    fireEvent.click(screen.getByRole('button', { name: 'Accedi' }));
    await waitFor(() => expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('anna@example.com'));
    expect(screen.getByRole('tab', { name: 'Accedi' }).getAttribute('aria-selected')).toBe('true');
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
    saveQuizResult({ lead_id: 0, lead_token: '', answers: ['Colori vivaci'], style_analysis: analysis });
    answers['/api/auth/register'] = { status: 201, body: session('user') };
    renderLogin('/login?mode=register');
    type('Nome', 'Anna');
    type('Email', 'anna@example.com');
    type('Password', 'password123');
    type('Conferma password', 'password123');
    fireEvent.click(screen.getByRole('button', { name: 'Registrati' }));
    await screen.findByRole('heading', { name: 'user-profile' });
    expect(sent.find((r) => r.url === '/api/auth/register')?.body).toEqual({
      email: 'anna@example.com', password: 'password123', name: 'Anna', questionnaire_answers: ['Colori vivaci'], style_analysis: analysis,
    });
  });
});

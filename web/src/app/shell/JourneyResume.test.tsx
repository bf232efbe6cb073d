import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadQuiz, readIntent, rememberIntent, saveQuiz } from '../../shared/lib/journey';
import { db } from '../../shared/offline/db';
import type { StoredUser } from '../../shared/session/sessionSlice';
import { ANNA, apiStore } from '../../test/session';
import { JourneyResume } from './JourneyResume';

/** What the stubbed server is asked, and the like status it answers. */
let asked: string[];
let liked: boolean;

function renderAt(path: string, user: StoredUser | null = ANNA) {
  const store = apiStore(ANNA);
  if (!user) store.dispatch({ type: 'session/signedOut' });
  const ui = (
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <div id="root" />
        <JourneyResume />
      </MemoryRouter>
    </Provider>
  );
  return { ...render(ui), ui };
}

beforeEach(async () => {
  sessionStorage.clear();
  localStorage.clear();
  await db.outbox.clear();
  asked = [];
  liked = false;
  vi.stubGlobal('fetch', async (input: Request | string) => {
    const request = typeof input === 'string' ? new Request(new URL(input, 'http://localhost')) : input;
    const url = new URL(request.url);
    asked.push(`${request.method} ${url.pathname}`);
    if (url.pathname.startsWith('/api/likes/status/')) return Response.json({ designer_id: 7, is_liked: liked });
    if (url.pathname.startsWith('/api/appointments/available-slots/')) {
      return Response.json({ designer_id: 7, slots: [], start_date: '2030-01-01', end_date: '2030-02-11', slot_minutes: 60 });
    }
    return Response.json({}, { status: 503 });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const chiara = { id: 7, name: 'Chiara Bruni' };

describe('JourneyResume', () => {
  // The booking, chat and like code loads when an intent needs it (JourneyDialogs); load it once
  // here so that no test's time limit pays for transforming it.
  beforeAll(async () => {
    await import('./JourneyDialogs');
  });

  it('sends the message typed before registering exactly once, however often it renders', async () => {
    rememberIntent({ kind: 'contact', designer: chiara, message: '  Vorrei rifare la cucina  ' }, '/', sessionStorage);
    const { rerender, ui } = renderAt('/user-profile');
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    rerender(ui);
    cleanup();
    renderAt('/user-profile');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const entries = await db.outbox.toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: 'chat.contact', path: '/api/contacts/', body: { designer_id: 7, message: 'Vorrei rifare la cucina' } });
    expect(readIntent()).toBeNull();
  });

  it('waits while the person is still on the login page, and for a signed-in customer', async () => {
    rememberIntent({ kind: 'like', designer: chiara }, '/', sessionStorage);
    renderAt('/login?mode=register');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(readIntent()).not.toBeNull();
    cleanup();
    renderAt('/user-profile', null);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(readIntent()).not.toBeNull();
    expect(await db.outbox.count()).toBe(0);
  });

  it('makes the like, and never toggles one the account already has', async () => {
    rememberIntent({ kind: 'like', designer: chiara }, '/', sessionStorage);
    renderAt('/user-profile');
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    expect((await db.outbox.toArray())[0]).toMatchObject({ kind: 'like.toggle', body: { designer_id: 7 } });
    cleanup();
    await db.outbox.clear();
    liked = true;
    rememberIntent({ kind: 'like', designer: chiara }, '/', sessionStorage);
    renderAt('/user-profile');
    await waitFor(() => expect(asked.filter((a) => a === 'GET /api/likes/status/7')).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await db.outbox.count()).toBe(0);
  });

  it('reopens the booking modal for the designer chosen', async () => {
    rememberIntent({ kind: 'book', designer: chiara, appointment_date: '2030-01-07T10:00:00+01:00', message: 'Soggiorno' }, '/designer/7', sessionStorage);
    renderAt('/designer/7');
    expect(await screen.findByRole('dialog', { name: 'Prenota una videochiamata' })).toBeTruthy();
    // The modal fills its form in an effect when it opens: wait for it, as a person would see it
    // (the first import of the lazy dialogs is slow on a busy machine, hence the longer limit).
    await waitFor(() => expect((screen.getByLabelText('Messaggio per il designer (facoltativo)') as HTMLTextAreaElement).value).toBe('Soggiorno'));
  }, 20_000);

  it("lets a link's lead join a visitor's journey", async () => {
    saveQuiz({ lead: null, answers: ['Ottone'], style_analysis: null }, sessionStorage);
    renderAt('/profile/7?leadId=55&leadToken=secret-55', null);
    await waitFor(() => expect(loadQuiz()?.lead).toEqual({ lead_id: 55, lead_token: 'secret-55' }));
    expect(loadQuiz()?.answers).toEqual(['Ottone']);
  });
});

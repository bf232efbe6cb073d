import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROUTE_ERROR, RouteBoundary } from '../../test/routeBoundary';
import type { StoredUser } from '../../shared/session/sessionSlice';
import { ANNA, apiStore } from '../../test/session';
import { DesignerProfilePage } from './DesignerProfilePage';
import type { ProfileActionsModule } from './loadProfileActions';

// The profile's actions (like, share, book, the signed-in contact dialog) come from a chunk that the
// test makes unreachable (offline on a first visit, before the service worker serves the app's
// chunks, or a connection that fails while the browser thinks it is online), then reachable.
const chunk = vi.hoisted(() => ({ reachable: false, asked: 0 }));
vi.mock('./loadProfileActions', () => ({
  loadProfileActions: () => {
    chunk.asked += 1;
    if (!chunk.reachable) return Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    const module: Partial<ProfileActionsModule> = {
      ProfileActions: ({ designer }) => <button type="button">Mi piace a {designer.name}</button>,
      SignedInContact: ({ designer }) => <button type="button">Scrivi a {designer.name}</button>,
    };
    return Promise.resolve(module as ProfileActionsModule);
  },
}));

const PAOLO = {
  id: 7, designer_id: 7, name: 'Paolo Grasso', bio: 'Progetto spazi aperti dal carattere metropolitano.', city: 'Matera',
  profile_picture: '', gallery_images: [], specialties: ['Industrial'], specialization: 'Industrial', design_style: 'D',
  design_style_label: 'Industrial', work_preferences: 'online', experience: 8, min_budget: 1500, prima_proposta: '5-7 giorni',
  verified: true, like_count: 3, created_at: '2026-01-10T10:00:00Z',
};
/** Paolo signed in: the API names his account (user_id 70) on his own profile. */
const PAOLO_USER: StoredUser = { ...ANNA, id: 70, name: 'Paolo Grasso', email: 'paolo@example.com', role: 'designer', is_designer: true, has_designer_profile: true };
const OFFLINE_NOTE = 'Sei offline: potrai mettere mi piace, condividere e prenotare quando torni online.';
const FAILED_NOTE = 'Non siamo riusciti a caricare mi piace, condivisione e prenotazione. Controlla la connessione e riprova.';

let online = true;

beforeEach(() => {
  chunk.reachable = false;
  chunk.asked = 0;
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const path = new URL(request.url).pathname;
    const authorization = request.headers.get('Authorization');
    // A designer's own /users/me names their designer profile: Paolo's is 7, Irene's 9.
    const mine = { [`Bearer ${PAOLO_USER.access_token}`]: 7, 'Bearer paolo-no-account-id': 7, 'Bearer irene': 9 }[authorization ?? ''];
    let body: unknown = null;
    // The profile names its account only to Paolo's usual session (the API's rule for the owner).
    if (path === '/api/designers/7') body = { ...PAOLO, user_id: authorization === `Bearer ${PAOLO_USER.access_token}` ? 70 : null };
    if (path === '/api/users/me' && mine !== undefined) body = { user: { id: 1 }, designer: { id: mine } };
    return new Response(JSON.stringify(body ?? { detail: 'Not Found' }), {
      status: body ? 200 : 404,
      headers: { 'Content-Type': 'application/json' },
    });
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function openProfile(user = ANNA) {
  render(
    <Provider store={apiStore(user)}>
      <MemoryRouter initialEntries={['/profile/7']}>
        <RouteBoundary>
          <Routes>
            <Route path="/profile/:id" element={<DesignerProfilePage />} />
          </Routes>
        </RouteBoundary>
      </MemoryRouter>
    </Provider>,
  );
}

function setOnline(value: boolean) {
  online = value;
  act(() => {
    window.dispatchEvent(new Event(value ? 'online' : 'offline'));
  });
}

describe('DesignerProfilePage when its actions cannot load', () => {
  it("offline: keeps the profile readable, says why the actions' row is empty, and brings the actions with the connection", async () => {
    online = false;
    openProfile();
    expect(await screen.findByRole('heading', { level: 1, name: 'Paolo Grasso' })).toBeTruthy();
    expect(await screen.findByText(OFFLINE_NOTE)).toBeTruthy();
    expect(screen.getByText('Progetto spazi aperti dal carattere metropolitano.')).toBeTruthy();
    expect(screen.queryByText(ROUTE_ERROR)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Riprova' })).toBeNull();

    chunk.reachable = true;
    setOnline(true);
    expect(await screen.findByRole('button', { name: 'Mi piace a Paolo Grasso' })).toBeTruthy();
    expect(screen.queryByText(OFFLINE_NOTE)).toBeNull();
  });

  it('online: says the actions did not arrive (not that the person is offline) and "Riprova" brings them', async () => {
    openProfile();
    expect(await screen.findByText(FAILED_NOTE)).toBeTruthy();
    expect(screen.queryByText(OFFLINE_NOTE)).toBeNull();
    expect(screen.queryByText(ROUTE_ERROR)).toBeNull();
    const retry = screen.getByRole('button', { name: 'Riprova' });

    // A retry that fails again leaves the reason and the button, usable again.
    const asked = chunk.asked;
    fireEvent.click(retry);
    // Both slots (the actions' row and the contact icon) ask again.
    await waitFor(() => expect(chunk.asked).toBe(asked + 2));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Riprova' }).getAttribute('aria-disabled')).toBe('false'));
    expect(screen.getByText(FAILED_NOTE)).toBeTruthy();

    chunk.reachable = true;
    const again = screen.getByRole('button', { name: 'Riprova' });
    again.focus();
    fireEvent.click(again);
    // One "Riprova" brings both slots: the actions' row and the signed-in contact icon.
    const like = await screen.findByRole('button', { name: 'Mi piace a Paolo Grasso' });
    expect(await screen.findByRole('button', { name: 'Scrivi a Paolo Grasso' })).toBeTruthy();
    expect(screen.queryByText(FAILED_NOTE)).toBeNull();
    // The focus goes from the vanished button to the first action.
    await waitFor(() => expect(document.activeElement).toBe(like));
  });

  it('the note follows the connection while the actions are missing', async () => {
    openProfile();
    expect(await screen.findByText(FAILED_NOTE)).toBeTruthy();
    setOnline(false);
    expect(await screen.findByText(OFFLINE_NOTE)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Riprova' })).toBeNull();
  });

  it('the designer on their own profile is told of sharing only (liking and booking are not theirs), and keeps the way to the dashboard', async () => {
    openProfile(PAOLO_USER);
    expect(await screen.findByText('Non siamo riusciti a caricare la condivisione del profilo. Controlla la connessione e riprova.')).toBeTruthy();
    expect(screen.queryByText(FAILED_NOTE)).toBeNull();
    expect(screen.getByRole('link', { name: 'Vai alla tua dashboard' }).getAttribute('href')).toBe('/designer-profile');
    expect(screen.getByRole('button', { name: 'Riprova' })).toBeTruthy();
    setOnline(false);
    expect(await screen.findByText('Sei offline: potrai condividere il tuo profilo quando torni online.')).toBeTruthy();
    expect(screen.queryByText(OFFLINE_NOTE)).toBeNull();
    expect(screen.getByRole('link', { name: 'Vai alla tua dashboard' })).toBeTruthy();
  });

  it("knows the designer's own profile from their /users/me when the profile's copy does not name its account", async () => {
    openProfile({ ...PAOLO_USER, access_token: 'paolo-no-account-id' });
    expect(await screen.findByText('Non siamo riusciti a caricare la condivisione del profilo. Controlla la connessione e riprova.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Vai alla tua dashboard' })).toBeTruthy();
  });

  it("another designer on Paolo's profile is told of liking, sharing and booking, with no way to a dashboard", async () => {
    openProfile({ ...PAOLO_USER, id: 90, access_token: 'irene', name: 'Irene', email: 'irene@example.com' });
    expect(await screen.findByText(FAILED_NOTE)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Vai alla tua dashboard' })).toBeNull();
  });
});

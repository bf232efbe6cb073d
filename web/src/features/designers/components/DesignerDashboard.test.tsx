import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../shared/api/api';
import { staleReducer } from '../../../shared/api/staleSlice';
import { sessionReducer, type StoredUser } from '../../../shared/session/sessionSlice';
import { DesignerDashboard } from './DesignerDashboard';

const designerUser: StoredUser = {
  access_token: 'token', token_type: 'bearer', id: 5, name: 'Chiara', email: 'c@example.com', role: 'designer',
  is_admin: false, is_designer: true, has_designer_profile: false,
};

const profile = {
  id: 9, user_id: 5, name: 'Chiara Galli', email: 'c@example.com', phone: '', city: 'Bari', bio: 'Case luminose.',
  profile_picture: '', gallery_images: ['/api/uploads/gallery/a.jpg'], specialties: ['Rustico'], design_style: 'E',
  design_style_label: 'Naturale Mediterraneo', work_preferences: ['online', 'hybrid'], experience: 3, min_budget: 500,
  prima_proposta: '7-15 giorni', website: 'studio.it', portfolio: '', social_instagram: '', social_facebook: '',
  social_youtube: '', social_tiktok: '', social_website: '', verified: true, like_count: 4, created_at: '2026-01-01T00:00:00Z',
};

let meAnswer: { status: number; body: unknown };

function renderDashboard(user: StoredUser | null) {
  const store = configureStore({
    reducer: combineReducers({ [api.reducerPath]: api.reducer, session: sessionReducer, stale: staleReducer }),
    preloadedState: { session: { user, rememberMe: false } },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  render(
    <Provider store={store}>
      <MemoryRouter>
        <div id="root">
          <DesignerDashboard renderCounters={(designer) => <p>{`contatori di ${designer.id}`}</p>} />
        </div>
      </MemoryRouter>
    </Provider>,
  );
}

beforeEach(() => {
  meAnswer = { status: 200, body: { user: {}, designer: profile, matched_designers: [] } };
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(meAnswer.body), { status: meAnswer.status, headers: { 'Content-Type': 'application/json' } })),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('DesignerDashboard', { timeout: 30_000 }, () => {
  it('turns visitors away with the access-denied text and a way to register', () => {
    renderDashboard(null);
    expect(screen.getByText('Accesso negato. Questa pagina è riservata ai designer.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Registrati come designer' }).getAttribute('href')).toBe('/designer-registration');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('turns customers away too', () => {
    renderDashboard({ ...designerUser, role: 'user', is_designer: false });
    expect(screen.getByText('Accesso negato. Questa pagina è riservata ai designer.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Accedi' })).toBeNull();
  });

  it('explains a designer account without a profile', async () => {
    meAnswer = { status: 200, body: { user: {}, designer: null, matched_designers: [] } };
    renderDashboard(designerUser);
    await screen.findByRole('heading', { name: 'Profilo Designer Non Trovato' });
    expect(screen.getByRole('link', { name: 'Completa Registrazione Designer' }).getAttribute('href')).toBe('/designer-registration');
    expect(screen.getByRole('button', { name: 'Torna Indietro' })).toBeTruthy();
  });

  it('shows the profile with the designer-side style, work modes, counters and the gallery', async () => {
    renderDashboard(designerUser);
    await screen.findByRole('heading', { level: 1, name: /Chiara Galli/ });
    expect(screen.getByText('Naturale e mediterraneo · Bari')).toBeTruthy();
    expect(screen.getByText('Online · Ibrido')).toBeTruthy();
    expect(screen.getByText('7-15 giorni')).toBeTruthy();
    expect(screen.getByText('Da €500')).toBeTruthy();
    expect(screen.getByText('contatori di 9')).toBeTruthy();
    expect(screen.getByText('Verificato')).toBeTruthy();
    // Avatar rule: no profile picture, so the first gallery image.
    expect(screen.getByRole('img', { name: 'Foto di Chiara Galli' }).getAttribute('src')).toBe('/api/images/resize/uploads/gallery/a.jpg?size=160');
    expect(screen.getByRole('link', { name: /Sito web/ }).getAttribute('href')).toBe('https://studio.it');
  });

  it('checks the edit modal with the registration rules plus experience and budget', async () => {
    renderDashboard(designerUser);
    fireEvent.click(await screen.findByRole('button', { name: 'Modifica profilo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifica profilo' });
    fireEvent.input(screen.getByLabelText(/^Budget minimo/), { target: { value: '250' } });
    fireEvent.input(screen.getByLabelText('Anni di esperienza'), { target: { value: '' } });
    fireEvent.input(screen.getByLabelText('Biografia'), { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salva modifiche' }));
    await waitFor(() => expect(dialog.textContent).toContain('Minimum budget must be at least €300'));
    expect(dialog.textContent).toContain('Please enter your years of experience');
    expect(dialog.textContent).toContain('Please write a short bio');
    expect(vi.mocked(fetch).mock.calls.some(([input, init]) => (input instanceof Request ? input.method : (init?.method ?? 'GET')) === 'PUT')).toBe(false);
  });
});

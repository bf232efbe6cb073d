import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROUTE_ERROR, RouteBoundary } from '../../test/routeBoundary';
import { apiStore } from '../../test/session';
import { DesignerProfilePage } from './DesignerProfilePage';

// The profile's actions (like, share, book, the signed-in contact dialog) cannot arrive: offline on
// a first visit, before the service worker serves the app's chunks.
vi.mock('./DesignerProfileActions', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

const PAOLO = {
  id: 7, designer_id: 7, name: 'Paolo Grasso', bio: 'Progetto spazi aperti dal carattere metropolitano.', city: 'Matera',
  profile_picture: '', gallery_images: [], specialties: ['Industrial'], specialization: 'Industrial', design_style: 'D',
  design_style_label: 'Industrial', work_preferences: 'online', experience: 8, min_budget: 1500, prima_proposta: '5-7 giorni',
  verified: true, like_count: 3, created_at: '2026-01-10T10:00:00Z',
};

beforeEach(() => {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const found = new URL(request.url).pathname === '/api/designers/7';
    return new Response(JSON.stringify(found ? PAOLO : { detail: 'Not Found' }), {
      status: found ? 200 : 404,
      headers: { 'Content-Type': 'application/json' },
    });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('DesignerProfilePage when its actions cannot load', () => {
  it("keeps the designer's profile readable instead of taking the route's error screen", async () => {
    render(
      <Provider store={apiStore()}>
        <MemoryRouter initialEntries={['/profile/7']}>
          <RouteBoundary>
            <Routes>
              <Route path="/profile/:id" element={<DesignerProfilePage />} />
            </Routes>
          </RouteBoundary>
        </MemoryRouter>
      </Provider>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Paolo Grasso' })).toBeTruthy();
    // The failed load has been seen (and would have reached the boundary by now).
    await import('./DesignerProfileActions').catch(() => undefined);
    await waitFor(() => expect(screen.getByText('Progetto spazi aperti dal carattere metropolitano.')).toBeTruthy());
    expect(screen.queryByText(ROUTE_ERROR)).toBeNull();
  });
});

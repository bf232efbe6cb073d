import { cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiStore } from '../../../test/session';
import { DesignerPublicProfile } from './DesignerPublicProfile';

// A designer page never opened on this device: nothing saved, and the request never gets an answer
// (fetch rejects as browsers do, with an English TypeError that must never reach the screen).
let online = true;

beforeEach(() => {
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function openProfile(id: string) {
  render(
    <Provider store={apiStore()}>
      <MemoryRouter initialEntries={[`/profile/${id}`]}>
        <Routes>
          <Route path="/profile/:id" element={<DesignerPublicProfile designerId={id} />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
}

describe('DesignerPublicProfile that cannot load', () => {
  it('offline, never visited: says so in Italian, without the browser\'s English error', async () => {
    online = false;
    openProfile('907');
    expect(await screen.findByText('Impossibile caricare il designer')).toBeTruthy();
    expect(screen.getByText('Sei offline: questa operazione richiede la connessione. Riprova quando sei di nuovo online.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Riprova' })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/TypeError|Failed to fetch/);
  });

  it('online but unreachable: the Italian connection error', async () => {
    openProfile('908');
    expect(await screen.findByText('Impossibile caricare il designer')).toBeTruthy();
    expect(screen.getByText('Errore di connessione al server. Riprova più tardi.')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/TypeError|Failed to fetch/);
  });
});

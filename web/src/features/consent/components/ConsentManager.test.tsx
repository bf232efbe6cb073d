import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../shared/api/api';
import { staleReducer } from '../../../shared/api/staleSlice';
import { sessionReducer } from '../../../shared/session/sessionSlice';
import { cookieSettingsOpened, shellReducer } from '../../../shared/shell/shellSlice';
import { consentReducer } from '../consentSlice';
import { ConsentManager } from './ConsentManager';

function renderManager() {
  const store = configureStore({
    reducer: combineReducers({
      [api.reducerPath]: api.reducer,
      session: sessionReducer,
      stale: staleReducer,
      shell: shellReducer,
      consent: consentReducer,
    }),
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  render(
    <Provider store={store}>
      <MemoryRouter>
        <div id="root">
          <main tabIndex={-1}>
            <h1>Pagina</h1>
          </main>
          <ConsentManager />
        </div>
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

let configCalls: number;

beforeEach(() => {
  localStorage.clear();
  document.head.querySelector('#interno-analytics')?.remove();
  configCalls = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.endsWith('/api/config')) configCalls += 1;
      return new Response(JSON.stringify({ analytics_id: 'G-TEST', google_client_id: '', base_url: '', version: '1' }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('cookie consent', () => {
  it('a choice made from the keyboard leaves the focus on the page, not on the document', async () => {
    renderManager();
    const essential = await screen.findByRole('button', { name: 'Solo Essenziali' });
    essential.focus();
    fireEvent.click(essential);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Solo Essenziali' })).toBeNull());
    expect(document.activeElement?.tagName).toBe('MAIN');
  });

  it('shows the banner with the three actions until a choice exists', () => {
    renderManager();
    for (const name of ['Personalizza', 'Solo Essenziali', 'Accetta Tutti']) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
  });

  it('stores essential, hides the banner and loads no analytics', () => {
    const store = renderManager();
    fireEvent.click(screen.getByRole('button', { name: 'Solo Essenziali' }));
    expect(localStorage.getItem('cookie-consent')).toBe('essential');
    expect(localStorage.getItem('cookie-consent-date')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(screen.queryByRole('button', { name: 'Accetta Tutti' })).toBeNull();
    // The click's effects have run (fireEvent wraps act): no component asked for the config at all,
    // so no request can still be on its way.
    expect(Object.keys(store.getState()[api.reducerPath].queries)).toEqual([]);
    expect(configCalls).toBe(0);
    expect(document.getElementById('interno-analytics')).toBeNull();
  });

  it('starts analytics at once after Accetta Tutti', async () => {
    renderManager();
    fireEvent.click(screen.getByRole('button', { name: 'Accetta Tutti' }));
    expect(localStorage.getItem('cookie-consent')).toBe('all');
    await waitFor(() => expect(document.getElementById('interno-analytics')).not.toBeNull());
    expect(document.getElementById('interno-analytics')?.getAttribute('src')).toContain('id=G-TEST');
  });

  it('opens the settings with essential locked on and saves the switches', async () => {
    const store = renderManager();
    fireEvent.click(screen.getByRole('button', { name: 'Personalizza' }));
    expect(store.getState().shell.cookieSettingsOpen).toBe(true);
    const essential = screen.getByRole('switch', { name: 'Cookie essenziali' }) as HTMLInputElement;
    expect(essential.checked).toBe(true);
    expect(essential.disabled).toBe(true);
    fireEvent.click(screen.getByRole('switch', { name: 'Cookie di analisi' }));
    expect(screen.getByText('Con queste scelte: solo cookie essenziali.')).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: 'Cookie di marketing' }));
    expect(screen.getByText('Con queste scelte: tutti i cookie.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Salva Preferenze' }));
    expect(localStorage.getItem('cookie-consent')).toBe('all');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('reopens from elsewhere with the stored choice and can withdraw it', async () => {
    localStorage.setItem('cookie-consent', 'all');
    localStorage.setItem('cookie-consent-date', new Date().toISOString());
    const store = renderManager();
    await waitFor(() => expect(document.getElementById('interno-analytics')).not.toBeNull());
    store.dispatch(cookieSettingsOpened());
    await screen.findByRole('dialog', { name: 'Preferenze cookie' });
    expect((screen.getByRole('switch', { name: 'Cookie di analisi' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getAllByRole('button', { name: 'Solo Essenziali' })[0] as HTMLElement);
    expect(localStorage.getItem('cookie-consent')).toBe('essential');
    await waitFor(() => expect(document.getElementById('interno-analytics')).toBeNull());
  });
});

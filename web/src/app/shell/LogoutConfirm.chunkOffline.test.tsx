import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSignedIn, setOnline } from '../../test/session';
import { LogoutConfirm } from './LogoutConfirm';

// The logout's chunk cannot arrive: offline on a first visit, before the offline layer could load it
// and before the service worker serves the app's chunks.
vi.mock('../../shared/session/signOut', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

afterEach(() => {
  cleanup();
  setOnline(true);
});

describe('LogoutConfirm when the logout cannot load', () => {
  it('keeps the dialog open and says the connection is needed, and the person may cancel', async () => {
    const onDone = vi.fn();
    const onCancel = vi.fn();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    act(() => setOnline(false));
    renderSignedIn(<LogoutConfirm open onCancel={onCancel} onDone={onDone} />);
    fireEvent.click(screen.getByRole('button', { name: 'Sì, esci' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Sei offline: questa operazione richiede la connessione. Riprova quando sei di nuovo online.');
    expect(onDone).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Vuoi uscire?' })).toBeTruthy();
    // The buttons work again: the person may retry or cancel.
    expect((screen.getByRole('button', { name: 'Sì, esci' }) as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Annulla' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});

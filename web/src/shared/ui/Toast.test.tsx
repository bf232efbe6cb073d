import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Modal } from './Modal';
import { TOAST_DURATION_MS, ToastViewport, dismissToast, showToast } from './Toast';

const shownIds: number[] = [];

function toast(message: string, tone: 'success' | 'info' | 'error'): void {
  shownIds.push(showToast(message, { tone }));
}

afterEach(() => {
  act(() => shownIds.splice(0).forEach(dismissToast));
  cleanup();
  vi.useRealTimers();
});

/** A page with a dialog, and the app's toasts. */
function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <div id="root">
        <button type="button" onClick={() => setOpen(true)}>
          Prenota
        </button>
      </div>
      <Modal open={open} title="Prenota una videochiamata" onClose={() => setOpen(false)} footer={<button type="button">Annulla</button>}>
        <p>Scegli un orario.</p>
      </Modal>
      <ToastViewport />
    </>
  );
}

describe('toasts and dialogs', () => {
  it('holds a greeting while a dialog is open and shows it, with its full time, once the dialog closes', () => {
    vi.useFakeTimers();
    render(<Page />);
    act(() => toast('Benvenuto in Interno, Giulia!', 'success'));
    expect(screen.getByText('Benvenuto in Interno, Giulia!')).toBeTruthy();

    // The booking reopens over it: the toast would cover the dialog's title or its buttons.
    fireEvent.click(screen.getByRole('button', { name: 'Prenota' }));
    expect(screen.getByRole('dialog', { name: 'Prenota una videochiamata' })).toBeTruthy();
    expect(screen.queryByText('Benvenuto in Interno, Giulia!')).toBeNull();
    act(() => toast('Link copiato', 'info'));
    expect(screen.queryByText('Link copiato')).toBeNull();

    // Held for longer than a toast's life, it is still there to show.
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS * 2));
    fireEvent.click(screen.getByRole('button', { name: 'Chiudi' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('Benvenuto in Interno, Giulia!')).toBeTruthy();
    expect(screen.getByText('Link copiato')).toBeTruthy();

    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 1));
    expect(screen.getByText('Benvenuto in Interno, Giulia!')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Benvenuto in Interno, Giulia!')).toBeNull();
  });

  it('shows an error at once even over a dialog: it says what just failed', () => {
    render(<Page />);
    fireEvent.click(screen.getByRole('button', { name: 'Prenota' }));
    act(() => toast('Non è stato possibile inviare il messaggio.', 'error'));
    expect(screen.getByRole('alert').textContent).toContain('Non è stato possibile inviare il messaggio.');
  });
});

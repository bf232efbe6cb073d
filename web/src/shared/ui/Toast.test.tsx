import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Modal } from './Modal';
import { TOAST_DURATION_MS, ToastViewport, dismissAllToasts, showToast, toastDuration } from './Toast';

function toast(message: string, tone: 'success' | 'info' | 'error'): void {
  showToast(message, { tone });
}

afterEach(() => {
  act(() => dismissAllToasts());
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

  it('keeps a long message long enough to be read', () => {
    vi.useFakeTimers();
    render(<ToastViewport />);
    const message = "Account designer creato per lia@example.com. Per vedere il tuo profilo designer, esci e accedi con quell'account.";
    expect(toastDuration({ message })).toBeGreaterThan(TOAST_DURATION_MS);
    act(() => toast(message, 'success'));
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS));
    expect(screen.getByText(message)).toBeTruthy();
    act(() => vi.advanceTimersByTime(toastDuration({ message }) - TOAST_DURATION_MS));
    expect(screen.queryByText(message)).toBeNull();
  });

  it('stops its time while the focus is in it, and goes on with what was left', () => {
    vi.useFakeTimers();
    render(<ToastViewport />);
    act(() => toast('Link copiato', 'info'));
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 1000));
    // The close button takes the focus (a keyboard user reaching it): the time stops.
    act(() => screen.getByRole('button', { name: 'Chiudi' }).focus());
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS * 3));
    expect(screen.getByText('Link copiato')).toBeTruthy();
    act(() => screen.getByRole('button', { name: 'Chiudi' }).blur());
    act(() => vi.advanceTimersByTime(999));
    expect(screen.getByText('Link copiato')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Link copiato')).toBeNull();
  });

  it('stops its time while the page is in the background', () => {
    vi.useFakeTimers();
    render(<ToastViewport />);
    act(() => toast('Link copiato', 'info'));
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => document.dispatchEvent(new Event('visibilitychange')));
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS * 3));
    expect(screen.getByText('Link copiato')).toBeTruthy();
    visibility.mockReturnValue('visible');
    act(() => document.dispatchEvent(new Event('visibilitychange')));
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS));
    expect(screen.queryByText('Link copiato')).toBeNull();
    visibility.mockRestore();
  });
});

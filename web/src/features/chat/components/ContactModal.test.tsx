import { useState } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../shared/offline/db';
import { apiStore } from '../../../test/session';
import { contactDesigner } from '../commands';
import { ContactModal } from './ContactModal';

function renderModal(props: Partial<Parameters<typeof ContactModal>[0]> = {}) {
  return render(
    <Provider store={apiStore()}>
      <MemoryRouter>
        <div id="root" />
        <ContactModal open designer={{ id: 7, name: 'Sofia Marino' }} onClose={() => undefined} {...props} />
      </MemoryRouter>
    </Provider>,
  );
}

beforeEach(async () => {
  await db.outbox.clear();
  vi.stubGlobal('fetch', async () => new Response('{}', { status: 503 }));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ContactModal', () => {
  it('keeps Invia disabled while the message is blank and says why', async () => {
    renderModal();
    const field = await screen.findByLabelText('Il tuo messaggio');
    const send = screen.getByRole('button', { name: 'Invia messaggio' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.input(field, { target: { value: '   \n ' } });
    fireEvent.blur(field);
    expect(send.disabled).toBe(true);
    expect(screen.getByText('Per favore inserisci un messaggio')).toBeTruthy();
  });

  it('queues the trimmed message with a client id in the outbox', async () => {
    renderModal();
    const field = await screen.findByLabelText('Il tuo messaggio');
    fireEvent.input(field, { target: { value: '  Ciao Sofia, vorrei rifare la cucina.  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Invia messaggio' }));
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    const [entry] = await db.outbox.toArray();
    expect(entry?.kind).toBe(contactDesigner.kind);
    expect(entry?.entity).toBe('designer-contact:7');
    expect(entry?.path).toBe('/api/contacts/');
    expect(entry?.body).toMatchObject({ designer_id: 7, message: 'Ciao Sofia, vorrei rifare la cucina.' });
    expect((entry?.body as { client_id: string }).client_id).toMatch(/^m-/);
  });

  it("hands a visitor's text to the registration step instead of sending", async () => {
    const onRequireLogin = vi.fn();
    renderModal({ onRequireLogin, initialMessage: 'Scritto prima di registrarmi' });
    await screen.findByLabelText('Il tuo messaggio');
    fireEvent.click(screen.getByRole('button', { name: 'Invia messaggio' }));
    expect(onRequireLogin).toHaveBeenCalledWith('Scritto prima di registrarmi');
    expect(await db.outbox.count()).toBe(0);
  });

  it('keeps what is typed before the opening\'s effects run (Preact runs them after the next frame)', async () => {
    // A dialog that opens, as a card's "Contatta Designer" opens it: no act(), so the dialog is in
    // the page one frame before its effects run, as in a browser; a fast hand (or Playwright's fill)
    // types in that frame. The opening must not wipe it.
    function Opener() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Apri
          </button>
          <ContactModal open={open} designer={{ id: 7, name: 'Sofia Marino' }} onClose={() => setOpen(false)} onRequireLogin={() => undefined} />
        </>
      );
    }
    render(
      <Provider store={apiStore()}>
        <MemoryRouter>
          <div id="root" />
          <Opener />
        </MemoryRouter>
      </Provider>,
    );
    // The field as soon as it is in the page (a DOM mutation, seen in a microtask: before any frame).
    const appeared = new Promise<HTMLTextAreaElement>((resolve) => {
      const observer = new MutationObserver(() => {
        const area = screen.queryByLabelText('Il tuo messaggio');
        if (area) {
          observer.disconnect();
          resolve(area as HTMLTextAreaElement);
        }
      });
      observer.observe(document.body, { childList: true, subtree: true });
    });
    screen.getByRole('button', { name: 'Apri' }).click();
    const field = await appeared;
    expect(document.activeElement).not.toBe(field); // the opening's effects have not run yet
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(field, 'Ciao Sofia');
    field.dispatchEvent(new Event('input', { bubbles: true }));
    // The opening's effects have run once the dialog has put the focus in the field.
    await waitFor(() => expect(document.activeElement).toBe(field));
    await waitFor(() => expect((screen.getByRole('button', { name: 'Invia messaggio' }) as HTMLButtonElement).disabled).toBe(false));
    expect(field.value).toBe('Ciao Sofia');
  });
});

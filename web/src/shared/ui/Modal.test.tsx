import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useLayoutEffect, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FullscreenViewer } from './FullscreenViewer';
import { Modal } from './Modal';

afterEach(cleanup);

function Harness({ onClose = () => undefined, dismissible = true }: { onClose?: () => void; dismissible?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <div id="root">
      <button type="button" onClick={() => setOpen(true)}>
        Apri
      </button>
      <Modal
        open={open}
        title="Preferenze"
        description="Scegli"
        dismissible={dismissible}
        onClose={() => {
          onClose();
          setOpen(false);
        }}
        footer={<button type="button">Salva</button>}
      >
        <input aria-label="Nome" />
      </Modal>
    </div>
  );
}

describe('Modal', () => {
  it('is a labelled modal dialog that takes focus and makes the page inert', () => {
    render(<Harness />);
    fireEvent.click(screen.getByText('Apri'));
    const dialog = screen.getByRole('dialog', { name: 'Preferenze' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Chiudi' }));
    expect(document.getElementById('root')?.hasAttribute('inert')).toBe(true);
  });

  it('keeps Tab and Shift+Tab inside', () => {
    render(<Harness />);
    fireEvent.click(screen.getByText('Apri'));
    const close = screen.getByRole('button', { name: 'Chiudi' });
    const save = screen.getByRole('button', { name: 'Salva' });
    save.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(save);
  });

  it('closes on Escape and gives focus back to the opener', () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    const opener = screen.getByText('Apri');
    opener.focus();
    fireEvent.click(opener);
    act(() => {
      fireEvent.keyDown(document, { key: 'Escape' });
    });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(document.getElementById('root')?.hasAttribute('inert')).toBe(false);
  });

  it('ignores Escape when a choice is required', () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} dismissible={false} />);
    fireEvent.click(screen.getByText('Apri'));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Chiudi' })).toBeNull();
  });
});

/** Whether the page was inert when the next page was put on screen (its commit, before any paint). */
let inertAtNextPage: boolean | null = null;

function NextPage() {
  useLayoutEffect(() => {
    inertAtNextPage = document.getElementById('root')?.hasAttribute('inert') ?? null;
  }, []);
  return <input aria-label="Nome" />;
}

/** A dialog that hands over to a second one in the same render (compose, then "Registrazione Richiesta"). */
function HandOver() {
  const [first, setFirst] = useState(false);
  const [second, setSecond] = useState(false);
  const [page, setPage] = useState(true);
  return (
    <div id="root">
      {page ? (
        <>
          <button type="button" onClick={() => setFirst(true)}>
            Scrivi
          </button>
          <Modal open={second} title="Registrazione Richiesta" onClose={() => setSecond(false)} footer={<button type="button" onClick={() => setPage(false)}>Registrati</button>}>
            <p>Serve un account.</p>
          </Modal>
          <Modal
            open={first}
            title="Messaggio"
            onClose={() => setFirst(false)}
            footer={
              <button
                type="button"
                onClick={() => {
                  setFirst(false);
                  setSecond(true);
                }}
              >
                Invia
              </button>
            }
          >
            <textarea aria-label="Testo" />
          </Modal>
        </>
      ) : (
        <NextPage />
      )}
    </div>
  );
}

describe('Modal handing over to another', () => {
  it('keeps the page inert and still, and focus in the open dialog; closing the last gives the page back', () => {
    render(<HandOver />);
    const opener = screen.getByText('Scrivi');
    opener.focus();
    fireEvent.click(opener);
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Invia' }));
    });
    const dialog = screen.getByRole('dialog', { name: 'Registrazione Richiesta' });
    expect(screen.queryByRole('dialog', { name: 'Messaggio' })).toBeNull();
    expect(document.getElementById('root')?.hasAttribute('inert')).toBe(true);
    expect(document.body.style.overflow).toBe('hidden');
    expect(dialog.contains(document.activeElement)).toBe(true);

    act(() => {
      fireEvent.keyDown(document, { key: 'Escape' });
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.getElementById('root')?.hasAttribute('inert')).toBe(false);
    expect(document.body.style.overflow).toBe('');
    expect(document.activeElement).toBe(opener);
  });

  it('gives the next page back, scrolling and focusable, when a dialog leaves with its page', () => {
    render(<HandOver />);
    fireEvent.click(screen.getByText('Scrivi'));
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Invia' }));
    });
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Registrati' }));
    });
    const name = screen.getByRole('textbox', { name: 'Nome' });
    // Given back in the commit that shows the next page, not after its first paint.
    expect(inertAtNextPage).toBe(false);
    expect(document.getElementById('root')?.hasAttribute('inert')).toBe(false);
    expect(document.body.style.overflow).toBe('');
    name.focus();
    expect(document.activeElement).toBe(name);
  });
});

describe('Modal in a browser that moves focus off an inert page', () => {
  // Chromium takes the focus off an element once its page turns inert; jsdom does not, so this
  // does it at the earliest moment, as the attribute is set.
  let restore: () => void = () => undefined;
  beforeEach(() => {
    const setAttribute = Element.prototype.setAttribute;
    Element.prototype.setAttribute = function (this: Element, name: string, value: string) {
      setAttribute.call(this, name, value);
      const active = document.activeElement;
      if (name === 'inert' && active instanceof HTMLElement && this.contains(active)) active.blur();
    };
    restore = () => {
      Element.prototype.setAttribute = setAttribute;
    };
  });
  afterEach(() => restore());

  it('still gives focus back to the opener', () => {
    render(<Harness />);
    const opener = screen.getByText('Apri');
    opener.focus();
    fireEvent.click(opener);
    expect(screen.getByRole('dialog', { name: 'Preferenze' })).toBeTruthy();
    act(() => {
      fireEvent.keyDown(document, { key: 'Escape' });
    });
    expect(document.activeElement).toBe(opener);
  });
});

/** A dialog with a picture that opens the gallery viewer over it. */
function ViewerInModal() {
  const [modal, setModal] = useState(true);
  const [index, setIndex] = useState<number | null>(null);
  return (
    <div id="root">
      <Modal open={modal} title="Progetto" onClose={() => setModal(false)}>
        <button type="button" onClick={() => setIndex(0)}>
          Foto
        </button>
      </Modal>
      <FullscreenViewer images={[{ path: '/api/uploads/gallery/a.jpg', alt: 'Soggiorno' }]} index={index} onIndexChange={setIndex} onClose={() => setIndex(null)} label="Galleria" />
    </div>
  );
}

describe('a gallery viewer opened from a dialog', () => {
  it('is closed alone by Escape, and gives focus back inside the dialog', () => {
    render(<ViewerInModal />);
    const photo = screen.getByRole('button', { name: 'Foto' });
    photo.focus();
    fireEvent.click(photo);
    expect(screen.getByRole('dialog', { name: 'Galleria' })).toBeTruthy();
    act(() => {
      fireEvent.keyDown(document, { key: 'Escape' });
    });
    expect(screen.queryByRole('dialog', { name: 'Galleria' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Progetto' })).toBeTruthy();
    expect(document.activeElement).toBe(photo);
    expect(document.getElementById('root')?.hasAttribute('inert')).toBe(true);
    act(() => {
      fireEvent.keyDown(document, { key: 'Escape' });
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.getElementById('root')?.hasAttribute('inert')).toBe(false);
  });
});

/**
 * The browser's close requests (HTML's CloseWatcher: Back on Android, Escape on a computer), as
 * jsdom lacks them: `closeRequest()` does what the browser does, closing the newest active watcher.
 */
describe('where the browser has close requests (Back on Android)', () => {
  const active: FakeCloseWatcher[] = [];
  class FakeCloseWatcher {
    onclose: ((event: Event) => void) | null = null;
    constructor() {
      active.push(this);
    }
    destroy(): void {
      const index = active.indexOf(this);
      if (index >= 0) active.splice(index, 1);
    }
  }
  function closeRequest(): void {
    const watcher = active.pop();
    act(() => watcher?.onclose?.(new Event('close')));
  }
  beforeEach(() => {
    active.length = 0;
    (globalThis as { CloseWatcher?: unknown }).CloseWatcher = FakeCloseWatcher;
  });
  afterEach(() => {
    delete (globalThis as { CloseWatcher?: unknown }).CloseWatcher;
  });

  it('closes the dialog on Back and stays on the page, with the focus back on the opener', () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    const opener = screen.getByText('Apri');
    opener.focus();
    fireEvent.click(opener);
    expect(active).toHaveLength(1);
    closeRequest();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(document.getElementById('root')?.hasAttribute('inert')).toBe(false);
  });

  it('leaves Escape to the browser (one close, not two) and lets go of its watcher when closed otherwise', () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    fireEvent.click(screen.getByText('Apri'));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Chiudi' }));
    });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(active).toHaveLength(0);
  });

  it('keeps answering Back while it stays open after one (busy), and closes at the next', () => {
    function Busy() {
      const [open, setOpen] = useState(true);
      const [busy, setBusy] = useState(true);
      return (
        <div id="root">
          <button type="button" onClick={() => setBusy(false)}>
            Fatto
          </button>
          <Modal open={open} title="Esci ovunque" onClose={() => (busy ? undefined : setOpen(false))}>
            <p>Attendi</p>
          </Modal>
        </div>
      );
    }
    render(<Busy />);
    closeRequest();
    expect(screen.getByRole('dialog', { name: 'Esci ovunque' })).toBeTruthy();
    expect(active).toHaveLength(1);
    act(() => {
      fireEvent.click(screen.getByText('Fatto', { selector: 'button' }), {});
    });
    closeRequest();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('takes no close request for a dialog where a choice is required: Back stays the browser’s', () => {
    render(<Harness dismissible={false} />);
    fireEvent.click(screen.getByText('Apri'));
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(active).toHaveLength(0);
  });

  it('closes a gallery viewer opened from a dialog alone, then the dialog', () => {
    render(<ViewerInModal />);
    fireEvent.click(screen.getByRole('button', { name: 'Foto' }));
    expect(active).toHaveLength(2);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: 'Galleria' })).toBeTruthy();
    closeRequest();
    expect(screen.queryByRole('dialog', { name: 'Galleria' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Progetto' })).toBeTruthy();
    closeRequest();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

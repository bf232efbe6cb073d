import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../shared/offline/db';
import { FakeXhr } from '../../../test/fakeXhr';
import { commandWiring, requestOf } from '../../../test/offline';
import { apiStore } from '../../../test/session';
import { authApi } from '../api/authApi';
import { authCommands } from '../commands';
import type { Account } from '../lib/account';
import { EditProfileModal } from './EditProfileModal';

const account: Account = {
  id: 4, name: 'Anna Rossi', email: 'anna@example.com', role: 'user', location: 'Roma', profile_picture: '',
  has_password: true, google_linked: false, style_analysis: null, created_at: '2026-01-01T00:00:00Z',
};

let requests: { method: string; path: string; contentType: string; form: FormData | null; key: string | null; text: string | null }[];
let reply: { status: number; body: unknown };
const wiring = commandWiring();

function renderModal() {
  const store = apiStore({ access_token: 't', token_type: 'bearer', id: 4, name: 'Anna Rossi', email: 'anna@example.com', role: 'user', is_admin: false, is_designer: false, has_designer_profile: false });
  store.dispatch(authApi.util.upsertQueryData('getProfile', undefined, { user: account, has_designer: false, matched_designers: [] }));
  wiring.wire(store.dispatch, authCommands, { userId: '4', token: 't' });
  const onClose = vi.fn();
  render(
    <Provider store={store}>
      <MemoryRouter>
        <div id="root">
          <EditProfileModal open account={account} onClose={onClose} />
        </div>
      </MemoryRouter>
    </Provider>,
  );
  return { store, onClose };
}

beforeEach(async () => {
  requests = [];
  reply = { status: 200, body: { user: { ...account, location: 'Milano' }, designer: null, matched_designers: [] } };
  await db.outbox.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      const input = requestOf(url, init);
      const contentType = input.headers.get('Content-Type') ?? '';
      const form = contentType.startsWith('multipart/') ? await input.formData() : null;
      const text = form === null && input.method !== 'GET' ? await input.text() : null;
      requests.push({ method: input.method, path: new URL(input.url).pathname, contentType, form, key: input.headers.get('Idempotency-Key'), text });
      return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
});

afterEach(async () => {
  cleanup();
  await wiring.stop();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Salva modifiche' }));

/** A file whose first bytes are a JPEG's (FF D8 FF), as a real photo has. */
function jpegFile(name: string): File {
  return new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46])], name, { type: 'image/jpeg' });
}

describe('EditProfileModal', { timeout: 30_000 }, () => {
  it('keeps what is being typed when the account is refreshed meanwhile, and starts the next opening from the account then', async () => {
    const store = apiStore({ access_token: 't', token_type: 'bearer', id: 4, name: 'Anna Rossi', email: 'anna@example.com', role: 'user', is_admin: false, is_designer: false, has_designer_profile: false });
    const view = (open: boolean, shown: Account) => (
      <Provider store={store}>
        <MemoryRouter>
          <div id="root">
            <EditProfileModal open={open} account={shown} onClose={() => undefined} />
          </div>
        </MemoryRouter>
      </Provider>
    );
    const { rerender } = render(view(true, account));
    fireEvent.input(screen.getByLabelText('Nome'), { target: { value: 'Anna Maria Rossi' } });
    // The profile is refetched while the form is open (another tab saved a new location).
    const refreshed = { ...account, location: 'Torino' };
    rerender(view(true, refreshed));
    expect((screen.getByLabelText('Nome') as HTMLInputElement).value).toBe('Anna Maria Rossi');
    rerender(view(false, refreshed));
    rerender(view(true, refreshed));
    expect((screen.getByLabelText('Nome') as HTMLInputElement).value).toBe('Anna Rossi');
    expect((screen.getByLabelText(/^Località/) as HTMLInputElement).value).toBe('Torino');
  });

  it('shows the spec texts for a missing name and a bad e-mail, and sends nothing', async () => {
    renderModal();
    fireEvent.input(screen.getByLabelText('Nome'), { target: { value: ' ' } });
    fireEvent.input(screen.getByLabelText('Email'), { target: { value: '' } });
    save();
    expect(await screen.findByText('Il nome è obbligatorio')).toBeTruthy();
    expect(screen.getByText("L'email è obbligatoria")).toBeTruthy();
    fireEvent.input(screen.getByLabelText('Email'), { target: { value: 'anna@' } });
    save();
    expect(await screen.findByText('Formato email non valido')).toBeTruthy();
    expect(requests).toEqual([]);
  });

  it('refuses a text file named .jpg, by its content, with a clear message', async () => {
    renderModal();
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['questa non è una foto'], 'foto.jpg', { type: 'image/jpeg' })] } });
    expect(await screen.findByText("Il file «foto.jpg» non è un'immagine: scegli una foto JPG, PNG o GIF.")).toBeTruthy();
    save();
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    expect(requests.some((r) => r.method === 'PUT' && r.form?.has('profile_picture'))).toBe(false);
  });

  it('takes a field message away as soon as the field is corrected', async () => {
    renderModal();
    fireEvent.input(screen.getByLabelText(/^Email/), { target: { value: 'anna@' } });
    save();
    expect(await screen.findByText('Formato email non valido')).toBeTruthy();
    fireEvent.input(screen.getByLabelText(/^Email/), { target: { value: 'anna@example.com' } });
    await waitFor(() => expect(screen.queryByText('Formato email non valido')).toBeNull());
  });

  it('refuses a photo of the wrong type or over 5 MB', async () => {
    renderModal();
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'casa.webp', { type: 'image/webp' })] } });
    expect(await screen.findByText('Formato immagine non supportato. Usa JPG, PNG o GIF')).toBeTruthy();
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'casa.jpg', { type: 'image/jpeg' });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByText("L'immagine è troppo grande. Massimo 5MB")).toBeTruthy();
  });

  it('saves as multipart, previewing and sending a chosen photo', async () => {
    const created = vi.fn(() => 'blob:preview');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    const { onClose, store } = renderModal();
    const add = vi.spyOn(db.outbox, 'add');
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [jpegFile('io.jpg')] } });
    await waitFor(() => expect(screen.getByAltText('Foto del profilo di Anna Rossi').getAttribute('src')).toBe('blob:preview'));
    fireEvent.input(screen.getByLabelText(/Località/), { target: { value: ' Milano ' } });
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const sent = requests.find((r) => r.method === 'PUT');
    expect(sent?.path).toBe('/api/users/me');
    expect(sent?.form?.get('location')).toBe('Milano');
    expect(sent?.form?.get('name')).toBe('Anna Rossi');
    // jsdom's File does not survive the trip into Node's FormData intact; that a file part went is what counts here.
    expect(sent?.form?.has('profile_picture')).toBe(true);
    expect(sent?.key).toBeTruthy();
    expect(authApi.endpoints.getProfile.select()(store.getState() as never).data?.user.location).toBe('Milano');
    // The photo went through the account.updatePhoto command, which never writes to IndexedDB.
    expect(add).not.toHaveBeenCalled();
    expect(await db.outbox.count()).toBe(0);
  });

  it('with a photo, puts the server’s per-field 422 messages on their fields and keeps nothing', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: vi.fn() }));
    reply = { status: 422, body: { detail: [{ loc: ['body', 'email'], msg: 'value is not a valid email address', type: 'value_error' }], reason: 'validation' } };
    const { onClose } = renderModal();
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [jpegFile('io.jpg')] } });
    await screen.findByRole('button', { name: 'Annulla la nuova foto' });
    save();
    expect(await screen.findByText('Formato email non valido')).toBeTruthy();
    expect(screen.getByLabelText(/^Email/).getAttribute('aria-invalid')).toBe('true');
    expect(requests.filter((r) => r.method === 'PUT' && r.form?.has('profile_picture'))).toHaveLength(1);
    expect(onClose).not.toHaveBeenCalled();
    expect(await db.outbox.count()).toBe(0);
  });

  it('with a photo, reports the upload’s progress through the command send path (XMLHttpRequest)', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: vi.fn() }));
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.reset({ status: 200, body: { user: { ...account, name: 'Anna Bianchi' }, designer: null, matched_designers: [] } });
    const { editAccountWithPhoto } = await import('../commands');
    const { runCommand } = await import('../../../shared/offline/command');
    const { store } = renderModal();
    const progress: number[] = [];
    const result = await runCommand(
      editAccountWithPhoto,
      store.dispatch,
      { userId: 4, values: { name: 'Anna Bianchi', email: 'anna@example.com', location: 'Roma' }, picture: jpegFile('io.jpg') },
      { userId: '4', onProgress: (fraction) => progress.push(fraction) },
    );
    expect(result).toMatchObject({ status: 'sent', response: {} });
    expect(progress).toEqual([0.5, 1]);
    expect(FakeXhr.sent[0]?.url).toBe('/api/users/me');
    expect(FakeXhr.sent[0]?.body).toBeInstanceOf(FormData);
    await waitFor(() => expect(authApi.endpoints.getProfile.select()(store.getState() as never).data?.user.name).toBe('Anna Bianchi'));
    expect(await db.outbox.count()).toBe(0);
  });

  it('puts a taken e-mail on the e-mail field', async () => {
    reply = { status: 409, body: { detail: 'A user with this email already exists', reason: 'email_taken' } };
    renderModal();
    fireEvent.input(screen.getByLabelText('Email'), { target: { value: 'bruno@example.com' } });
    save();
    expect(await screen.findByText('Questa email è già usata da un altro account.')).toBeTruthy();
  });

  it('offline, queues the text changes in the outbox and shows them at once', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { onClose, store } = renderModal();
    fireEvent.input(screen.getByLabelText(/Località/), { target: { value: 'Napoli' } });
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const entries = await db.outbox.toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: 'account.update', method: 'PUT', path: '/api/users/me', body: { name: 'Anna Rossi', email: 'anna@example.com', location: 'Napoli' } });
    expect(entries[0]?.key).toBeTruthy();
    expect(authApi.endpoints.getProfile.select()(store.getState() as never).data?.user.location).toBe('Napoli');
  });

  it('a 503 after the server committed: the edit is queued with the key and body already sent, so the retry is replayed', async () => {
    reply = { status: 503, body: { detail: 'Fault injected after the request was committed', reason: 'fault_injected' } };
    const { onClose, store } = renderModal();
    fireEvent.input(screen.getByLabelText(/Località/), { target: { value: ' Torino ' } });
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const direct = requests.find((r) => r.method === 'PUT');
    expect(direct?.contentType).toContain('application/json');
    expect(direct?.key).toBeTruthy();
    const entries = await db.outbox.toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]?.key).toBe(direct?.key);
    // The server hashes the body with the key: the outbox must send the very same bytes.
    expect(JSON.stringify(entries[0]?.body)).toBe(direct?.text);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(authApi.endpoints.getProfile.select()(store.getState() as never).data?.user.location).toBe('Torino');
  });

  it('lets nobody type more than the server accepts', () => {
    renderModal();
    const max = (label: RegExp) => (screen.getByLabelText(label) as HTMLInputElement).maxLength;
    expect([max(/^Nome/), max(/^Email/), max(/^Località/)]).toEqual([120, 254, 120]);
  });

  it('puts a server refusal of a too long location or name on its field, in Italian', async () => {
    reply = {
      status: 422,
      body: { detail: [{ loc: ['body', 'location'], msg: 'Location is too long (max 120 characters)', type: 'value_error' }], reason: 'validation' },
    };
    const { onClose } = renderModal();
    fireEvent.input(screen.getByLabelText(/Località/), { target: { value: 'Bari' } });
    save();
    expect(await screen.findByText('La località può contenere al massimo 120 caratteri.')).toBeTruthy();
    expect(screen.getByLabelText(/^Località/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('Alcuni dati non sono validi. Controlla i campi e riprova.')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();

    reply = { status: 422, body: { detail: [{ loc: ['body', 'name'], msg: 'Name is too long (max 120 characters)', type: 'value_error' }] } };
    save();
    expect(await screen.findByText('Il nome può contenere al massimo 120 caratteri.')).toBeTruthy();
    expect(screen.getByLabelText(/^Nome/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('Il nome è obbligatorio')).toBeNull();
  });

  it('a refusal is not queued: it stays on the form', async () => {
    reply = { status: 422, body: { detail: [{ loc: ['body', 'name'], msg: 'too long', type: 'value_error' }] } };
    const { onClose } = renderModal();
    fireEvent.input(screen.getByLabelText(/Località/), { target: { value: 'Bari' } });
    save();
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    // The write waits in the outbox while it is sent; the refusal takes it out (a queued one would stay).
    await waitFor(async () => expect(await db.outbox.count()).toBe(0), { timeout: 10_000 });
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Salva modifiche' })).toBeTruthy();
  });

  it('offline, keeps a new photo for when the connection returns and says why', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: vi.fn() }));
    const { onClose } = renderModal();
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [jpegFile('io.jpg')] } });
    await screen.findByRole('button', { name: 'Annulla la nuova foto' });
    save();
    expect(await screen.findByText(/per cambiare la foto serve una connessione/)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    // Refused at once by the command: nothing sent, nothing kept.
    expect(requests).toEqual([]);
    expect(await db.outbox.count()).toBe(0);
  });
});

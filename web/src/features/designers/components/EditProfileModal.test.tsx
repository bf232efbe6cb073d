import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../shared/offline/db';
import { commandWiring, requestOf } from '../../../test/offline';
import { apiStore } from '../../../test/session';
import { designersCommands } from '../commands';
import { parseDesigner, type Designer } from '../lib/designer';
import { EditProfileModal } from './EditProfileModal';

const designer = parseDesigner({
  id: 9, user_id: 5, name: 'Chiara Galli', email: 'c@example.com', phone: '', city: 'Bari', bio: 'Case luminose.',
  profile_picture: '', gallery_images: ['/api/uploads/gallery/a.jpg', '/api/uploads/gallery/b.jpg'], specialties: ['Rustico'],
  design_style: 'E', design_style_label: 'Naturale Mediterraneo', work_preferences: ['online', 'hybrid'], experience: 3,
  min_budget: 500, prima_proposta: '7-15 giorni', website: 'studio.it', portfolio: '', social_instagram: '', social_facebook: '',
  social_youtube: '', social_tiktok: '', social_website: '', verified: true, like_count: 4, created_at: '2026-01-01T00:00:00Z',
}) as Designer;

let requests: { method: string; path: string; contentType: string; key: string | null; body: Record<string, unknown> | null }[];
let reply: { status: number; body: unknown };
const wiring = commandWiring();

function renderModal() {
  const store = apiStore({ access_token: 't', token_type: 'bearer', id: 5, name: 'Chiara', email: 'c@example.com', role: 'designer', is_admin: false, is_designer: true, has_designer_profile: true });
  wiring.wire(store.dispatch, designersCommands, { userId: '5', token: 't' });
  const onClose = vi.fn();
  render(
    <Provider store={store}>
      <MemoryRouter>
        <div id="root">
          <EditProfileModal designer={designer} open onClose={onClose} />
        </div>
      </MemoryRouter>
    </Provider>,
  );
  return { onClose };
}

beforeEach(async () => {
  requests = [];
  reply = { status: 200, body: { ...designer, gallery_images: ['/api/uploads/gallery/a.jpg'] } };
  await db.outbox.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      const input = requestOf(url, init);
      const text = input.method === 'GET' ? '' : await input.text();
      requests.push({
        method: input.method,
        path: new URL(input.url).pathname,
        contentType: input.headers.get('Content-Type') ?? '',
        key: input.headers.get('Idempotency-Key'),
        body: text ? (JSON.parse(text) as Record<string, unknown>) : null,
      });
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
const removeSecondPicture = () => fireEvent.click(screen.getByRole('button', { name: "Rimuovi l'immagine 2" }));
const puts = () => requests.filter((r) => r.method === 'PUT');

describe('the designer EditProfileModal', { timeout: 30_000 }, () => {
  it('a picture change goes at once through the designer.updatePictures command, and nothing reaches IndexedDB', async () => {
    const add = vi.spyOn(db.outbox, 'add');
    const { onClose } = renderModal();
    removeSecondPicture();
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(puts()).toHaveLength(1);
    expect(puts()[0]).toMatchObject({ path: '/api/designers/9', contentType: 'application/json', body: { gallery_images: ['/api/uploads/gallery/a.jpg'] } });
    expect(puts()[0]?.key).toBeTruthy();
    expect(add).not.toHaveBeenCalled();
    expect(await db.outbox.count()).toBe(0);
  });

  it('a refused picture change stays on the form with the reason and the server’s details, and is not kept', async () => {
    reply = { status: 422, body: { detail: [{ loc: ['body', 'gallery_images'], msg: 'too many images', type: 'value_error' }], reason: 'validation' } };
    const { onClose } = renderModal();
    removeSecondPicture();
    save();
    expect(await screen.findByText('Dati non validi. Controlla che tutti i campi siano compilati correttamente.')).toBeTruthy();
    expect(screen.getByText('Dettagli tecnici: too many images')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(puts()).toHaveLength(1);
    expect(await db.outbox.count()).toBe(0);
  });

  it('offline, a picture change is refused at once with the Italian reason: nothing sent, nothing kept', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const add = vi.spyOn(db.outbox, 'add');
    const { onClose } = renderModal();
    removeSecondPicture();
    save();
    expect(await screen.findByText(/Sei offline: per cambiare le foto serve una connessione/)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(puts()).toEqual([]);
    expect(add).not.toHaveBeenCalled();
    expect(await db.outbox.count()).toBe(0);
  });

  it('a text edit online is the queued editDesignerProfile, sent at once with its key', async () => {
    reply = { status: 200, body: { ...designer, city: 'Lecce' } };
    const { onClose } = renderModal();
    fireEvent.input(screen.getByLabelText('Città'), { target: { value: 'Lecce' } });
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(puts()).toHaveLength(1);
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ kind: 'designer.update', state: 'sent', key: puts()[0]?.key });
    expect(puts()[0]?.body).not.toHaveProperty('gallery_images');
  });
});

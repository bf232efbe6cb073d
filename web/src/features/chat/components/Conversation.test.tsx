import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../shared/offline/db';
import { putCachedResponse } from '../../../shared/offline/responseCache';
import { apiStore, setOnline } from '../../../test/session';
import type { Contact } from '../api/types';
import { sendMessage } from '../commands';
import { Conversation } from './Conversation';

/** The conversation with Sofia as the list shows it: listed, never opened on this device. */
const listed: Contact = {
  id: 9, designer_id: 7, designer_name: 'Sofia Marino', user_id: 5, user_name: 'Anna', user_email: 'anna@example.com',
  status: 'unread', user_unread: true, designer_unread: false, my_side: 'user',
  last_message: 'Buongiorno Anna, ho visto le foto: possiamo sentirci giovedì?', last_sender: 'designer', last_message_id: 31,
  last_message_at: '2026-03-02T09:30:00Z', message_count: 2, created_at: '2026-03-01T18:00:00Z', updated_at: '2026-03-02T09:30:00Z',
};

beforeEach(async () => {
  await db.outbox.clear();
  await db.responses.clear();
  setOnline(false);
  vi.stubGlobal('fetch', async () => {
    throw new TypeError('Failed to fetch');
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setOnline(true);
});

function renderConversation() {
  return render(
    <Provider store={apiStore()}>
      <MemoryRouter>
        <Conversation contactId={9} side="user" />
      </MemoryRouter>
    </Provider>,
  );
}

describe('Conversation offline', () => {
  it('renders a listed conversation never opened here from the list, marked, with a box that queues', async () => {
    await putCachedResponse(db, '5', '/contacts/my-contacts?limit=100', { contacts: [listed], total: 1, page: 1, limit: 100, has_more: false }, Date.now());
    renderConversation();
    expect(await screen.findByText(/questa conversazione con Sofia Marino non è ancora stata aperta su questo dispositivo/)).toBeTruthy();
    expect(screen.getByText('Buongiorno Anna, ho visto le foto: possiamo sentirci giovedì?')).toBeTruthy();
    expect(screen.queryByText(/Impossibile caricare la conversazione/)).toBeNull();

    const box = screen.getByLabelText('Scrivi un messaggio');
    fireEvent.input(box, { target: { value: 'Giovedì va benissimo, alle 18?' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ kind: sendMessage.kind, entity: 'contact:9', path: '/api/contacts/9/messages' });
    expect(entry?.body).toMatchObject({ message: 'Giovedì va benissimo, alle 18?' });
  });

  it('still says it cannot load a conversation the list does not know either', async () => {
    renderConversation();
    expect(await screen.findByText(/Impossibile caricare la conversazione/)).toBeTruthy();
  });
});

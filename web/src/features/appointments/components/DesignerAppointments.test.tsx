import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { db } from '../../../shared/offline/db';
import type { StoredUser } from '../../../shared/session/sessionSlice';
import { FakeEventSource } from '../../../test/fakeEventSource';
import { commandTestbed } from '../../../test/offline';
import { apiStore, setOnline } from '../../../test/session';
import type { DesignerAppointment } from '../api/appointmentsApi';
import { appointmentCommands } from '../commands';
import { DesignerAppointmentsPanel } from './DesignerAppointments';

const DESIGNER: StoredUser = {
  access_token: 'tok', token_type: 'bearer', id: 9, name: 'Sofia', email: 's@example.com',
  role: 'designer', is_admin: false, is_designer: true, has_designer_profile: true,
};

const DATE = '2027-03-02T10:00:00+01:00';
const CANCELLED: DesignerAppointment = {
  appointment_id: 7, designer_id: 5, appointment_date: DATE, end_date: DATE, duration_minutes: 60, status: 'cancelled',
  user_name: 'Anna Neri', user_email: 'anna@example.com', user_phone: '', message: '', designer_notes: '', call_link: '',
  reason: '', cancelled_by: 'customer', id: 7, created_at: DATE, updated_at: DATE,
};

let list: DesignerAppointment[];
const bed = commandTestbed(
  (call) => {
    if (call.url.endsWith('/api/events/ticket')) return { status: 200, body: { ticket: 't' } };
    if (call.method === 'GET' && call.url.includes('/api/appointments/designer')) {
      return { status: 200, body: { appointments: list, counts: { all: list.length, pending: 0, confirmed: 0, completed: 0, cancelled: list.length }, total: list.length, has_more: false } };
    }
    if (call.method === 'DELETE' && call.url.endsWith('/api/appointments/7')) {
      list = [];
      return { status: 200, body: { appointment_id: 7, message: 'deleted' } };
    }
    return { status: 404, body: { detail: 'Not Found' } };
  },
  async () => {
    await db.responses.clear();
    vi.stubGlobal('EventSource', FakeEventSource);
    list = [CANCELLED];
  },
);

function renderPanel() {
  const store = apiStore(DESIGNER);
  bed.wiring.wire(store.dispatch, appointmentCommands, { userId: '9', token: 'tok' });
  render(
    <Provider store={store}>
      <MemoryRouter>
        <DesignerAppointmentsPanel />
      </MemoryRouter>
    </Provider>,
  );
}

function deletes() {
  return bed.net.calls.filter((call) => call.method === 'DELETE');
}

async function deleteCard(): Promise<void> {
  const card = (await screen.findByText(/Anna Neri/)).closest('li') as HTMLElement;
  fireEvent.click(within(card).getByRole('button', { name: 'Elimina' }));
  fireEvent.click(screen.getByRole('button', { name: 'Elimina' }));
}



describe("a designer deletes a cancelled appointment (the deleteAppointment command, never kept on the device)", () => {
  it('online is sent at once with its Idempotency-Key and the list is read again without it', async () => {
    renderPanel();
    await deleteCard();
    await waitFor(() => expect(screen.queryByText(/Anna Neri/)).toBeNull());
    const [call] = deletes();
    expect(deletes()).toHaveLength(1);
    expect(call?.url).toBe('/api/appointments/7');
    expect(call?.headers['idempotency-key']).toEqual(expect.any(String));
    expect(await db.outbox.count()).toBe(0);
  });

  it('offline is refused at once on the card: nothing sent, nothing kept', async () => {
    renderPanel();
    await screen.findByText(/Anna Neri/);
    setOnline(false);
    await deleteCard();
    await screen.findByText('Operazione non riuscita: Sei offline: questa operazione richiede la connessione. Riprova quando sei di nuovo online.');
    expect(screen.getByText(/Anna Neri/)).toBeTruthy();
    expect(deletes()).toHaveLength(0);
    expect(await db.outbox.count()).toBe(0);
  });
});

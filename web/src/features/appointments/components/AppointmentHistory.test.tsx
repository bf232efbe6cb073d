import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../shared/offline/db';
import type { StoredUser } from '../../../shared/session/sessionSlice';
import { FakeEventSource } from '../../../test/fakeEventSource';
import { fakeFetch } from '../../../test/offline';
import { apiStore, setOnline } from '../../../test/session';
import type { CustomerAppointment, DesignerAppointment } from '../api/appointmentsApi';
import { CustomerAppointmentsPanel } from './CustomerAppointments';
import { DesignerAppointmentsPanel } from './DesignerAppointments';

const DESIGNER: StoredUser = {
  access_token: 'tok', token_type: 'bearer', id: 9, name: 'Sofia', email: 's@example.com',
  role: 'designer', is_admin: false, is_designer: true, has_designer_profile: true,
};

// Pinned clock: 10 March 2027, 09:00 in Rome; the confirmed call starts at 10:00.
const NOW = new Date('2027-03-10T08:00:00Z');
const START = '2027-03-10T10:00:00+01:00';

function customerAppointment(id: number, status: string, extra: Partial<CustomerAppointment> = {}): CustomerAppointment {
  return {
    appointment_id: id, designer_id: 5, appointment_date: START, end_date: START, duration_minutes: 60, status,
    designer_name: `Studio ${id}`, designer_email: 's@example.com', designer_profile_picture: '', call_link: '',
    designer_notes: '', reason: '', cancelled_by: '', message: '', user_phone: '', id, created_at: START, updated_at: START, ...extra,
  };
}

let customerList: CustomerAppointment[];
let designerList: DesignerAppointment[];

beforeEach(async () => {
  await db.outbox.clear();
  await db.responses.clear();
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
  vi.setSystemTime(NOW);
  vi.stubGlobal('EventSource', FakeEventSource);
  const net = fakeFetch();
  net.respond((call) => {
    if (call.url.includes('/api/appointments/user')) return { status: 200, body: { appointments: customerList, total: customerList.length, has_more: false } };
    if (call.url.includes('/api/appointments/designer')) {
      return {
        status: 200,
        body: { appointments: designerList, counts: { all: 1, pending: 0, confirmed: 1, completed: 0, cancelled: 0 }, total: 1, has_more: false },
      };
    }
    if (call.url.endsWith('/api/events/ticket')) return { status: 200, body: { ticket: 't' } };
    return { status: 404, body: { detail: 'Not Found' } };
  });
  vi.stubGlobal('fetch', net.fetch);
  setOnline(true);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderWith(ui: React.ReactElement, user?: StoredUser) {
  render(
    <Provider store={apiStore(user)}>
      <MemoryRouter>{ui}</MemoryRouter>
    </Provider>,
  );
}

describe("the customer's appointments", () => {
  it('keep the history: Completati and Annullati besides Confermati and In Attesa, with who cancelled and why', async () => {
    customerList = [
      customerAppointment(1, 'confirmed', { call_link: 'https://meet.example/x' }),
      customerAppointment(2, 'pending'),
      customerAppointment(3, 'completed'),
      customerAppointment(4, 'cancelled', { cancelled_by: 'designer', reason: 'Sono in cantiere.' }),
      customerAppointment(5, 'cancelled', { cancelled_by: 'customer' }),
    ];
    renderWith(<CustomerAppointmentsPanel />);
    await screen.findByRole('heading', { name: 'Videochiamata con Studio 1' });
    const tabs = screen.getByRole('tablist', { name: 'Appuntamenti per stato' });
    expect(within(tabs).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Confermati1', 'In Attesa1', 'Completati1', 'Annullati2']);
    fireEvent.click(within(tabs).getByRole('tab', { name: /Completati/ }));
    expect(screen.getByRole('heading', { name: 'Videochiamata con Studio 3' })).toBeTruthy();
    fireEvent.click(within(tabs).getByRole('tab', { name: /Annullati/ }));
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByText(/Il designer non ha potuto accettare la richiesta\. Motivo: Sono in cantiere\./)).toBeTruthy();
    expect(within(panel).getByText('Hai annullato la richiesta.')).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Annulla richiesta' })).toBeNull();
  });

  it('say so when the history is empty', async () => {
    customerList = [customerAppointment(1, 'confirmed')];
    renderWith(<CustomerAppointmentsPanel />);
    await screen.findByRole('heading', { name: 'Videochiamata con Studio 1' });
    fireEvent.click(screen.getByRole('tab', { name: /Annullati/ }));
    expect(screen.getByText('Nessun appuntamento annullato')).toBeTruthy();
    expect(screen.getByText('Qui ritroverai le videochiamate concluse e le richieste annullate.')).toBeTruthy();
  });
});

describe("the designer's confirmed call", () => {
  it('offers "Segna Completato" only from its start time, turning on by itself', async () => {
    designerList = [
      {
        appointment_id: 7, designer_id: 5, appointment_date: START, end_date: START, duration_minutes: 60, status: 'confirmed',
        user_name: 'Anna Neri', user_email: 'anna@example.com', user_phone: '', message: '', designer_notes: '',
        call_link: 'https://meet.example/x', reason: '', cancelled_by: '', id: 7, created_at: START, updated_at: START,
      },
    ];
    renderWith(<DesignerAppointmentsPanel />, DESIGNER);
    await screen.findByText("Potrai segnarla come completata dall'inizio della chiamata.");
    expect(screen.queryByRole('button', { name: 'Segna Completato' })).toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(60 * 60 * 1000);
    });
    expect(await screen.findByRole('button', { name: 'Segna Completato' })).toBeTruthy();
    expect(screen.queryByText(/Potrai segnarla/)).toBeNull();
  });
});

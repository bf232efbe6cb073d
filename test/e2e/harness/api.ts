import type { Page } from 'playwright-core';

/** A signed-in account as the tests hold it. */
export interface Account {
  token: string;
  /** The login answer, stored as the app stores it (localStorage `user`). */
  user: Record<string, unknown>;
}

export interface SlotJson {
  datetime: string;
  date: string;
  time: string;
}

export interface Answer {
  status: number;
  json: any;
  headers: Headers;
}

/**
 * Talks to a running Interno from the test process (never through the browser, so a page set
 * offline does not cut it): accounts, designers with an open week, slots, and signing a page in.
 */
export function apiClient(baseUrl: string) {
  let counter = 0;

  async function call(method: string, path: string, token: string | null, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, json: text ? JSON.parse(text) : null, headers: response.headers };
  }

  async function must(status: number, method: string, path: string, token: string | null, body?: unknown): Promise<any> {
    const answer = await call(method, path, token, body);
    if (answer.status !== status) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.json)}`);
    return answer.json;
  }

  async function login(email: string, password: string): Promise<Account> {
    const user = await must(200, 'POST', '/api/auth/login', null, { email, password });
    return { token: user.access_token as string, user };
  }

  async function customer(name: string): Promise<Account> {
    counter += 1;
    const email = `cliente${counter}-${Date.now()}@example.com`;
    await must(201, 'POST', '/api/auth/register', null, { email, password: 'password123', name });
    return login(email, 'password123');
  }

  /**
   * A designer open every day from 08:00 to 20:00, so there are slots whatever the hour; with
   * `{ week: false }`, one just registered, who has not saved a week yet.
   */
  async function designer(name: string, { week: open = true }: { week?: boolean } = {}): Promise<Account & { id: number }> {
    counter += 1;
    const email = `designer${counter}-${Date.now()}@example.com`;
    const profile = await must(201, 'POST', '/api/designers', null, {
      name, email, password: 'designer123', bio: 'Case luminose, materiali naturali.', specialties: ['Japandi'], design_style: 'C',
      prima_proposta: '5-7 giorni', work_preferences: ['online'], city: 'Torino', privacy_consent: true,
    });
    const account = await login(email, 'designer123');
    if (open) {
      const week = Array.from({ length: 7 }, (_, day) => ({ day_of_week: day, start_time: '08:00', end_time: '20:00', is_active: true }));
      await must(200, 'PUT', `/api/appointments/availability/${profile.id}`, account.token, week);
    }
    return { ...account, id: profile.id as number };
  }

  async function freeSlots(designerId: number): Promise<SlotJson[]> {
    const answer = await must(200, 'GET', `/api/appointments/available-slots/${designerId}`, null);
    return answer.slots as SlotJson[];
  }

  /** A fresh designer with a pending request (the first free slot) from a fresh customer. */
  async function pendingRequest(customerName: string, designerName: string) {
    const booked = await designer(designerName);
    const by = await customer(customerName);
    const [slot] = await freeSlots(booked.id);
    const answer = await must(201, 'POST', '/api/appointments/', by.token, { designer_id: booked.id, appointment_date: slot?.datetime });
    return { designer: booked, customer: by, appointmentId: answer.appointment_id as number };
  }

  /** Opens the app signed in as account (the app reads the session from localStorage). */
  async function signIn(page: Page, account: Account): Promise<void> {
    await page.goto(`${baseUrl}/privacy`);
    await page.evaluate((user) => {
      localStorage.setItem('user', JSON.stringify(user));
      localStorage.setItem('cookie-consent', 'essential');
      localStorage.setItem('cookie-consent-date', new Date().toISOString());
    }, account.user);
  }

  return { call, must, login, customer, designer, freeSlots, pendingRequest, signIn };
}

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANNA } from '../test/session';
import { fetchFirstScreenData } from './firstData';
import { createAppStore } from './store';

let requested: string[] = [];

beforeEach(() => {
  requested = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const path = new URL(request.url).pathname;
    requested.push(path);
    const body = path.startsWith('/api/designers/')
      ? { id: Number(path.split('/').pop()), name: 'Chiara', design_style: 'MODERNO' }
      : { user: { id: ANNA.id, name: ANNA.name, email: ANNA.email, role: 'user' } };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('fetchFirstScreenData', () => {
  it("asks for a designer's profile as the profile screen does, before the screen renders", async () => {
    const store = createAppStore();
    fetchFirstScreenData(store, '/profile/abc'); // not a designer id: the screen says "not found"
    fetchFirstScreenData(store, '/profile/44');
    await vi.waitFor(() => expect(store.getState().api.queries['getDesigner(44)']?.status).toBe('fulfilled'));
    expect(requested).toEqual(['/api/designers/44']);
  });

  it("asks for the signed-in customer's profile on /user-profile, and for nothing on other pages or signed out", async () => {
    const guest = createAppStore();
    fetchFirstScreenData(guest, '/user-profile');
    fetchFirstScreenData(guest, '/');
    fetchFirstScreenData(guest, '/login');
    const store = createAppStore({ session: { user: ANNA, rememberMe: false } });
    fetchFirstScreenData(store, '/user-profile');
    await vi.waitFor(() => expect(store.getState().api.queries['getProfile(undefined)']?.status).toBe('fulfilled'));
    expect(requested).toEqual(['/api/users/me']);
    expect(Object.keys(guest.getState().api.queries)).toEqual([]);
  });
});

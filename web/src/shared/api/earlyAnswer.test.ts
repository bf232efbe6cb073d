import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeFetch, type FakeFetch } from '../../test/offline';
import { startEarlyAnswer, takeEarlyAnswer } from './earlyAnswer';

const SIGNED_IN = JSON.stringify({ access_token: 'jwt-1', token_type: 'bearer', id: 7, name: 'Giulia', email: 'giulia@example.com', role: 'user' });

let server: FakeFetch;
let clock: number;
const now = () => clock;

function profileRequest(token = 'jwt-1', init: RequestInit = {}): Request {
  return new Request('http://localhost/api/users/me', { ...init, headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } });
}

beforeEach(() => {
  server = fakeFetch();
  server.respond(() => ({ status: 200, body: { user: { id: 7, name: 'Giulia' } } }));
  clock = 100;
  localStorage.clear();
  localStorage.setItem('user', SIGNED_IN);
});

afterEach(() => {
  startEarlyAnswer('/'); // forgets what a test left
  localStorage.clear();
});

describe('the first screen answer asked for before the app runs', () => {
  it("on a signed-in /user-profile asks for the profile at once, with the app's headers, and hands it to the app's first GET, once", async () => {
    startEarlyAnswer('/user-profile', localStorage, server.fetch, now);
    expect(server.calls).toHaveLength(1);
    expect(server.calls[0]).toMatchObject({ url: '/api/users/me', method: 'GET', headers: { authorization: 'Bearer jwt-1', accept: 'application/json' } });
    const taken = takeEarlyAnswer(profileRequest(), now);
    expect(taken).toBeDefined();
    expect(await (await (taken as Promise<Response>)).json()).toEqual({ user: { id: 7, name: 'Giulia' } });
    expect(takeEarlyAnswer(profileRequest(), now)).toBeUndefined();
  });

  it('asks for nothing on another page, or without a session', () => {
    startEarlyAnswer('/', localStorage, server.fetch, now);
    startEarlyAnswer('/profile/3', localStorage, server.fetch, now);
    startEarlyAnswer('/user-profile/extra', localStorage, server.fetch, now);
    localStorage.setItem('user', JSON.stringify({ id: 7, name: 'senza token' }));
    startEarlyAnswer('/user-profile', localStorage, server.fetch, now);
    localStorage.removeItem('user');
    startEarlyAnswer('/user-profile/', localStorage, server.fetch, now);
    expect(server.calls).toHaveLength(0);
    expect(takeEarlyAnswer(profileRequest(), now)).toBeUndefined();
  });

  it('is not handed to a GET with another token, another address or after the first screen, and is dropped then', () => {
    startEarlyAnswer('/user-profile', localStorage, server.fetch, now);
    expect(takeEarlyAnswer(new Request('http://localhost/api/designers/3', { headers: { Authorization: 'Bearer jwt-1' } }), now)).toBeUndefined();
    expect(takeEarlyAnswer(new Request('http://localhost/api/users/me', { method: 'PUT', headers: { Authorization: 'Bearer jwt-1' } }), now)).toBeUndefined();
    // Another token (a sign-out and another account in between): not that person's answer.
    expect(takeEarlyAnswer(profileRequest('jwt-2'), now)).toBeUndefined();
    expect(takeEarlyAnswer(profileRequest(), now)).toBeUndefined();

    startEarlyAnswer('/user-profile', localStorage, server.fetch, now);
    clock += 10_001;
    expect(takeEarlyAnswer(profileRequest(), now)).toBeUndefined();
    expect(server.calls).toHaveLength(2);
  });

  it("rejects as an aborted fetch would when the app's request is aborted (its timeout)", async () => {
    server.respond(() => new Promise(() => undefined)); // never answers
    startEarlyAnswer('/user-profile', localStorage, server.fetch, now);
    const controller = new AbortController();
    const taken = takeEarlyAnswer(profileRequest('jwt-1', { signal: controller.signal }), now) as Promise<Response>;
    controller.abort();
    await expect(taken).rejects.toMatchObject({ name: 'AbortError' });
  });

  it("passes on a network failure as the app's own fetch would meet it", async () => {
    server.respond(() => 'network-error');
    startEarlyAnswer('/user-profile', localStorage, server.fetch, now);
    await expect(takeEarlyAnswer(profileRequest(), now)).rejects.toBeInstanceOf(TypeError);
  });
});

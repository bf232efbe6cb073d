import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, type FakeFetch } from '../../test/offline';
import { resetEarlyAnswer, takeEarlyAnswer } from './earlyAnswer';

// The script index.html runs while the document is parsed, as the browser runs it.
const html = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../../../index.html'), 'utf8');
const inlineScripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
const SIGNED_IN = JSON.stringify({ access_token: 'jwt-1', token_type: 'bearer', id: 7, name: 'Giulia', email: 'giulia@example.com', role: 'user' });

let server: FakeFetch;
let clock: number;
const now = () => clock;

/** Opens `path` as the page's address and runs index.html's script there. */
function openPage(path: string): void {
  window.history.replaceState(null, '', path);
  for (const script of inlineScripts) new Function(script)();
}

function profileRequest(token = 'jwt-1', init: RequestInit = {}): Request {
  return new Request(`${window.location.origin}/api/users/me`, { ...init, headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } });
}

beforeEach(() => {
  server = fakeFetch();
  server.respond(() => ({ status: 200, body: { user: { id: 7, name: 'Giulia' } } }));
  vi.stubGlobal('fetch', server.fetch);
  clock = performance.now();
  localStorage.clear();
  localStorage.setItem('user', SIGNED_IN);
});

afterEach(() => {
  resetEarlyAnswer();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
  localStorage.clear();
});

describe("index.html's early request and the app taking it", () => {
  it('index.html has exactly one inline script (the one its policy hash allows)', () => {
    expect(inlineScripts).toHaveLength(1);
  });

  it("on a signed-in /user-profile asks for the profile at once, with the app's headers, and hands it to the app's first GET, once", async () => {
    openPage('/user-profile');
    expect(server.calls).toHaveLength(1);
    expect(server.calls[0]).toMatchObject({ url: '/api/users/me', method: 'GET', headers: { authorization: 'Bearer jwt-1', accept: 'application/json' } });
    const taken = takeEarlyAnswer(profileRequest(), now);
    expect(taken).toBeDefined();
    expect(await (await (taken as Promise<Response>)).json()).toEqual({ user: { id: 7, name: 'Giulia' } });
    expect(takeEarlyAnswer(profileRequest(), now)).toBeUndefined();
  });

  it('asks for nothing on another page, without a session, or with a damaged one', () => {
    openPage('/');
    openPage('/profile/3');
    openPage('/user-profile/extra');
    localStorage.setItem('user', JSON.stringify({ id: 7, name: 'senza token' }));
    openPage('/user-profile');
    localStorage.setItem('user', '{"access_token": ');
    openPage('/user-profile');
    localStorage.removeItem('user');
    openPage('/user-profile/');
    expect(server.calls).toHaveLength(0);
    expect(takeEarlyAnswer(profileRequest(), now)).toBeUndefined();
  });

  it('is not handed to a GET with another token, another address or after the first screen, and is dropped then', () => {
    openPage('/user-profile');
    expect(takeEarlyAnswer(new Request(`${window.location.origin}/api/designers/3`, { headers: { Authorization: 'Bearer jwt-1' } }), now)).toBeUndefined();
    expect(takeEarlyAnswer(new Request(`${window.location.origin}/api/users/me`, { method: 'PUT', headers: { Authorization: 'Bearer jwt-1' } }), now)).toBeUndefined();
    // Another token (a sign-out and another account in between): not that person's answer.
    expect(takeEarlyAnswer(profileRequest('jwt-2'), now)).toBeUndefined();
    expect(takeEarlyAnswer(profileRequest(), now)).toBeUndefined();

    resetEarlyAnswer();
    openPage('/user-profile');
    clock = performance.now() + 10_001;
    expect(takeEarlyAnswer(profileRequest(), now)).toBeUndefined();
    expect(server.calls).toHaveLength(2);
  });

  it("rejects as an aborted fetch would when the app's request is aborted (its timeout)", async () => {
    server.respond(() => new Promise(() => undefined)); // never answers
    openPage('/user-profile');
    const controller = new AbortController();
    const taken = takeEarlyAnswer(profileRequest('jwt-1', { signal: controller.signal }), now) as Promise<Response>;
    controller.abort();
    await expect(taken).rejects.toMatchObject({ name: 'AbortError' });
  });

  it("passes on a network failure as the app's own fetch would meet it", async () => {
    server.respond(() => 'network-error');
    openPage('/user-profile');
    await expect(takeEarlyAnswer(profileRequest(), now)).rejects.toBeInstanceOf(TypeError);
  });
});

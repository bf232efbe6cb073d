import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseProfile } from '../../features/auth/lib/account';
import { authApi } from '../../features/auth/api/authApi';
import { resetFirstPaint } from '../../shared/lib/firstPaint';
import { FakePaintObserver, stubPaintTiming } from '../../test/paintTiming';
import type { StoredUser } from '../../shared/session/sessionSlice';
import { ANNA, apiStore } from '../../test/session';
import { UserProfilePage } from './UserProfilePage';

let requested: string[];

function showProfile(styleAnalysis: unknown, user: StoredUser = ANNA) {
  const store = apiStore(user);
  const profile = parseProfile({
    user: { id: 1, name: 'Anna Rossi', email: 'anna@example.com', role: 'user', style_analysis: styleAnalysis },
    matched_designers: [],
  });
  store.dispatch(authApi.util.upsertQueryData('getProfile', undefined, profile));
  render(
    <Provider store={store}>
      <MemoryRouter>
        <UserProfilePage />
      </MemoryRouter>
    </Provider>,
  );
}

beforeEach(() => {
  requested = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    requested.push(new URL(request.url).pathname);
    const body = request.url.includes('/api/designers/matches')
      ? { style_analysis: null, designers: [], total: 0, has_more: false }
      : { detail: 'Not Found', reason: 'not_found' };
    return new Response(JSON.stringify(body), { status: 'designers' in body ? 200 : 404, headers: { 'Content-Type': 'application/json' } });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('UserProfilePage', () => {
  it('invites an account without a style profile to the questionnaire once, and asks for no matches', async () => {
    showProfile(null);
    expect(await screen.findByRole('heading', { name: 'Scopri il tuo stile' })).toBeTruthy();
    expect(screen.getByText('Profilo di stile non ancora definito')).toBeTruthy();
    const links = screen.getAllByRole('link', { name: /questionario/ });
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([['Fai il questionario', '/?openQuestionnaire=true']]);
    expect(screen.queryByRole('heading', { name: 'I tuoi designer consigliati' })).toBeNull();
    // The page's other sections ask for their lists as they mount, one per task (shared/ui/Progressive.tsx):
    // once the last of them is there, none has asked for matches.
    expect(await screen.findByRole('heading', { name: 'Account e sicurezza' })).toBeTruthy();
    await waitFor(() => expect(requested.length).toBeGreaterThan(0));
    expect(requested).not.toContain('/api/designers/matches');
  });

  it.each([
    ['a designer', { role: 'designer', is_designer: true }, 'Vai alla tua dashboard', '/designer-profile'],
    ['an admin', { role: 'admin', is_admin: true }, 'Vai al pannello admin', '/admin'],
  ] as const)('offers %s their own home instead of the questionnaire, which the home would not open for them', async (_who, role, label, href) => {
    showProfile(null, { ...ANNA, ...role });
    expect(await screen.findByRole('heading', { name: 'Il questionario di stile è per chi cerca un designer' })).toBeTruthy();
    expect(screen.getByRole('link', { name: label }).getAttribute('href')).toBe(href);
    expect(screen.queryByRole('link', { name: /questionario/ })).toBeNull();
    expect(screen.queryByText('Profilo di stile non ancora definito')).toBeNull();
  });

  it('lists the matches of an account with a style profile, and offers the questionnaire again when none matches', async () => {
    showProfile({ dominant_style: 'C', style_percentages: { A: 10, B: 10, C: 50, D: 10, E: 20 } });
    expect(await screen.findByRole('heading', { name: 'I tuoi designer consigliati' })).toBeTruthy();
    expect(await screen.findByText('Al momento nessun designer corrisponde al tuo profilo. Torna a trovarci presto.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Rifai il questionario' }).getAttribute('href')).toBe('/?openQuestionnaire=true');
    expect(screen.queryByRole('heading', { name: 'Scopri il tuo stile' })).toBeNull();
    expect(requested).toContain('/api/designers/matches');
  });

  it('paints the header and the style profile first; the other sections, and their requests, follow the paint', async () => {
    stubPaintTiming();
    try {
      showProfile(null);
      expect(await screen.findByRole('heading', { name: 'Scopri il tuo stile' })).toBeTruthy();
      expect(screen.getByText('anna@example.com')).toBeTruthy();
      // Nothing below the first screen yet, and none of its lists asked for.
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
      });
      expect(screen.queryByRole('heading', { name: 'I tuoi appuntamenti' })).toBeNull();
      expect(requested).toEqual([]);
      act(() => FakePaintObserver.paint('first-contentful-paint'));
      // They come one section per task (shared/ui/Progressive.tsx), the security section last.
      expect(await screen.findByRole('heading', { name: 'I tuoi appuntamenti' })).toBeTruthy();
      expect(await screen.findByRole('heading', { name: 'Account e sicurezza' })).toBeTruthy();
      await waitFor(() => expect(requested.length).toBeGreaterThan(0));
    } finally {
      resetFirstPaint();
    }
  });

  it('a tap on "Modifica profilo" before the editor has arrived shows the button busy and opens the editor once it has', async () => {
    stubPaintTiming();
    try {
      showProfile(null);
      const edit = await screen.findByRole('button', { name: 'Modifica profilo' });
      fireEvent.click(edit);
      expect(edit.getAttribute('aria-busy')).toBe('true');
      expect(screen.queryByRole('dialog', { name: 'Modifica profilo' })).toBeNull();
      act(() => FakePaintObserver.paint('first-contentful-paint'));
      expect(await screen.findByRole('dialog', { name: 'Modifica profilo' })).toBeTruthy();
      expect(edit.getAttribute('aria-busy')).toBe('false');
    } finally {
      resetFirstPaint();
    }
  });
});

import { configureStore } from '@reduxjs/toolkit';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../shared/api/api';
import { db } from '../../../shared/offline/db';
import { staleReducer } from '../../../shared/api/staleSlice';
import { sessionReducer, type StoredUser } from '../../../shared/session/sessionSlice';
import { LikeButton } from './LikeButton';
import { COPIED_MS, ShareButton } from './ShareButton';

const ANNA: StoredUser = {
  access_token: 'tok', token_type: 'bearer', id: 5, name: 'Anna', email: 'anna@example.com', role: 'user',
  is_admin: false, is_designer: false, has_designer_profile: false,
};

let requests: Array<{ method: string; url: string; body: unknown }>;
let countStatus: number;

function renderWith(user: StoredUser | null, ui: React.ReactNode) {
  const store = configureStore({
    reducer: { [api.reducerPath]: api.reducer, session: sessionReducer, stale: staleReducer },
    preloadedState: { session: { user, rememberMe: false } },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  return render(
    <Provider store={store}>
      <MemoryRouter>
        <div id="root" />
        {ui}
      </MemoryRouter>
    </Provider>,
  );
}

beforeEach(async () => {
  await db.outbox.clear();
  requests = [];
  countStatus = 200;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const body = request.method === 'GET' ? null : await request.clone().text();
    requests.push({ method: request.method, url: request.url, body: body ? JSON.parse(body) : null });
    const reply = (status: number, payload: unknown) => new Response(JSON.stringify(payload), { status, headers: { 'Content-Type': 'application/json' } });
    if (request.url.includes('/api/likes/designer/7/count')) {
      return countStatus === 200 ? reply(200, { designer_id: 7, like_count: 12 }) : reply(500, { detail: 'boom' });
    }
    if (request.url.includes('/api/likes/status/7')) return reply(200, { designer_id: 7, is_liked: true });
    return reply(404, { detail: 'Not Found' });
  });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('LikeButton', () => {
  it('shows the count to a visitor and asks them to register when they tap it', async () => {
    renderWith(null, <LikeButton designerId={7} designerName="Sofia Marino" />);
    await waitFor(() => expect(screen.getByTestId('like-count').textContent).toBe('12'));
    expect(requests.some((r) => r.url.includes('/status/'))).toBe(false);
    fireEvent.click(screen.getByTestId('like-button'));
    await screen.findByRole('dialog', { name: 'Registrazione Richiesta' });
    expect(screen.getByText('Per mettere "mi piace" ai designer devi prima registrarti. È veloce e gratuito!')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('shows a signed-in customer their own like', async () => {
    renderWith(ANNA, <LikeButton designerId={7} designerName="Sofia Marino" />);
    await waitFor(() => expect(screen.getByTestId('like-button').getAttribute('aria-pressed')).toBe('true'));
    expect(screen.getByTestId('like-count').textContent).toBe('12');
  });

  it('shows 0 and not liked when the count fails to load', async () => {
    countStatus = 500;
    renderWith(ANNA, <LikeButton designerId={7} designerName="Sofia Marino" initialCount={3} />);
    await waitFor(() => expect(requests.some((r) => r.url.includes('/count'))).toBe(true));
    await waitFor(() => expect(screen.getByTestId('like-count').textContent).toBe('0'));
    expect(screen.getByTestId('like-button').getAttribute('aria-pressed')).toBe('false');
  });
});

describe('ShareButton', () => {
  it('copies the profile link, says so for two seconds, and opens each platform with the link and text', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText }, onLine: true });
    const open = vi.fn();
    vi.stubGlobal('open', open);
    renderWith(null, <ShareButton designer={{ id: 7, name: 'Sofia Marino', design_style: 'C', design_style_label: 'Minimal Contemporaneo', experience: 8 }} />);
    fireEvent.click(screen.getByTestId('share-button'));
    const dialog = await screen.findByRole('dialog', { name: 'Condividi Sofia Marino' });
    expect(dialog.textContent).not.toContain('Condividi con…');

    vi.useFakeTimers();
    await act(async () => {
      fireEvent.click(dialog.querySelector('[data-platform="copy"]') as HTMLElement);
    });
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining('/profile/7?shared=true'));
    expect(screen.getByText('Link copiato!')).toBeTruthy();
    await act(async () => {
      vi.advanceTimersByTime(COPIED_MS + 10);
    });
    expect(screen.queryByText('Link copiato!')).toBeNull();
    vi.useRealTimers();

    fireEvent.click(dialog.querySelector('[data-platform="whatsapp"]') as HTMLElement);
    await waitFor(() => expect(open).toHaveBeenCalled());
    const href = decodeURIComponent(String(open.mock.calls[0]?.[0]));
    expect(href).toContain('https://wa.me/?text=');
    expect(href).toContain('Ho trovato Sofia Marino, interior designer in stile Minimal Contemporaneo con 8 anni di esperienza, su Interno.');
    expect(href).toContain('/profile/7?shared=true');
    // Both shares are recorded through the outbox (tracking, sent when it can be): the test ends
    // once they are written, not while the writes are still on their way.
    await waitFor(async () =>
      expect((await db.outbox.toArray()).map((entry) => [entry.kind, (entry.body as { platform?: string } | null)?.platform])).toEqual([
        ['share.record', 'copy'],
        ['share.record', 'whatsapp'],
      ]),
    );
  });
});

import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROUTE_ERROR, RouteBoundary } from '../../test/routeBoundary';
import { renderSignedIn, setOnline } from '../../test/session';
import { SyncStatus } from './SyncStatus';

// The refusal notices' chunk cannot arrive: offline on a first visit, before the service worker
// serves the app's chunks.
vi.mock('../../features/sync/hooks/useRefusalNotices', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

afterEach(() => {
  cleanup();
  setOnline(true);
});

describe('SyncStatus when the refusal notices cannot load', () => {
  it('keeps the page and says "Sei offline" instead of taking the route\'s error screen', async () => {
    renderSignedIn(
      <RouteBoundary>
        <SyncStatus />
      </RouteBoundary>,
    );
    act(() => setOnline(false));
    expect(await screen.findByText(/^Sei offline/)).toBeTruthy();
    // The failed load has been seen (and would have reached the boundary by now).
    await act(async () => {
      await import('../../features/sync/hooks/useRefusalNotices').catch(() => undefined);
    });
    expect(screen.queryByText(ROUTE_ERROR)).toBeNull();
    expect(screen.getByText(/^Sei offline/)).toBeTruthy();
  });
});

import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';


// The runtime chunk cannot be fetched on the first try (offline on a first visit, before the
// service worker serves it); the second import succeeds.
let attempts = 0;
vi.mock('./runtime', () => {
  attempts += 1;
  if (attempts === 1) throw new Error('Failed to fetch dynamically imported module');
  return {
    liveQuery: (query: () => unknown) => ({
      subscribe: ({ next }: { next: (value: unknown) => void }) => {
        void Promise.resolve(query()).then(next);
        return { unsubscribe: () => undefined };
      },
    }),
  };
});

// The test setup already loaded the real runtime through shared/offline/lazy; a fresh copy of the
// module starts with nothing loaded.
vi.resetModules();
const { allowBackgroundOffline, loadOffline, useOfflineLiveQuery } = await import('./lazy');

function Queued() {
  const count = useOfflineLiveQuery(() => 3, [], 0);
  return <p>{`in attesa: ${count}`}</p>;
}

let reads = 0;
function Switchable({ enabled }: { enabled: boolean }) {
  const count = useOfflineLiveQuery(
    () => {
      reads += 1;
      return 5;
    },
    [],
    0,
    enabled,
  );
  return <p>{`letti: ${count}`}</p>;
}

describe('useOfflineLiveQuery', () => {
  it('answers once a failed load of the offline runtime succeeds later', async () => {
    // The first screen has settled: live queries may load the runtime (lazyBackground.test.ts).
    allowBackgroundOffline();
    render(<Queued />);
    await waitFor(() => expect(attempts).toBe(1));
    expect(screen.getByText('in attesa: 0')).toBeTruthy();
    // The app tries again when the connection returns (startOfflineOnIdle listens to `online`).
    await loadOffline();
    expect(await screen.findByText('in attesa: 3')).toBeTruthy();
  });

  it('reads nothing while it is not enabled, and answers once it is', async () => {
    await loadOffline();
    // An enabled query beside it answers first: by then the disabled one would have read as well.
    const view = render(
      <>
        <Switchable enabled={false} />
        <Queued />
      </>,
    );
    expect(await screen.findByText('in attesa: 3')).toBeTruthy();
    expect(screen.getByText('letti: 0')).toBeTruthy();
    expect(reads).toBe(0);
    view.rerender(<Switchable enabled />);
    expect(await screen.findByText('letti: 5')).toBeTruthy();
    expect(reads).toBe(1);
    // Disabled again (signed out): the initial answer, not the last one read.
    view.rerender(<Switchable enabled={false} />);
    expect(screen.getByText('letti: 0')).toBeTruthy();
  });
});

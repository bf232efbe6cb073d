import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Progressive, type ProgressivePart } from './Progressive';

const mounts: string[] = [];
const unmounts: string[] = [];

function Part({ name }: { name: string }) {
  useEffect(() => {
    mounts.push(name);
    return () => {
      unmounts.push(name);
    };
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- once per instance: a remount shows in both lists
  return <p>{name}</p>;
}

const parts = (...names: string[]): ProgressivePart[] => names.map((name) => ({ key: name, node: <Part name={name} /> }));
const shown = () => screen.queryAllByRole('paragraph').map((p) => p.textContent);

// Under Preact, effects run when `act` ends: each step of the parts is one act() of its own.
async function nextTask(): Promise<void> {
  await act(async () => {
    await vi.runOnlyPendingTimersAsync();
  });
}

describe('Progressive', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    mounts.length = 0;
    unmounts.length = 0;
  });

  it('mounts its parts one at a time, in order, each in a task of its own', async () => {
    vi.useFakeTimers();
    render(<Progressive id="probe" parts={parts('uno', 'due', 'tre')} />);
    expect(shown()).toEqual(['uno']);
    // The next part waits for a task after the one before has mounted, not for a microtask.
    await act(async () => {
      await Promise.resolve();
    });
    expect(shown()).toEqual(['uno']);
    await nextTask();
    expect(shown()).toEqual(['uno', 'due']);
    await nextTask();
    expect(shown()).toEqual(['uno', 'due', 'tre']);
    await act(async () => {
      await vi.runAllTimersAsync();
    });
    expect(mounts).toEqual(['uno', 'due', 'tre']);
    expect(unmounts).toEqual([]);
  });

  it('mounts everything at once when the screen shows its parts again in the same page (Back keeps its scroll)', async () => {
    render(<Progressive id="probe" parts={parts('uno', 'due', 'tre')} />);
    expect(await screen.findByText('tre')).toBeTruthy();
    cleanup();
    render(<Progressive id="probe" parts={parts('uno', 'due', 'tre')} />);
    expect(shown()).toEqual(['uno', 'due', 'tre']);
    // Another screen's parts still come one at a time.
    cleanup();
    render(<Progressive id="other" parts={parts('a', 'b')} />);
    expect(shown()).toEqual(['a']);
    expect(await screen.findByText('b')).toBeTruthy();
  });

  it('a screen left before all its parts came shows them all when it comes back', () => {
    render(<Progressive id="probe" parts={parts('uno', 'due', 'tre')} />);
    expect(shown()).toEqual(['uno']);
    cleanup();
    render(<Progressive id="probe" parts={parts('uno', 'due', 'tre')} />);
    expect(shown()).toEqual(['uno', 'due', 'tre']);
  });

  it('mounts everything at once when asked to, and in a background tab', () => {
    render(<Progressive id="asked" parts={parts('uno', 'due')} atOnce />);
    expect(shown()).toEqual(['uno', 'due']);
    cleanup();
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    try {
      render(<Progressive id="hidden" parts={parts('uno', 'due')} />);
      expect(shown()).toEqual(['uno', 'due']);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('does not remount the parts already there when one comes or goes, once all have come', async () => {
    const { rerender } = render(<Progressive id="probe" parts={parts('due', 'tre')} />);
    await waitFor(() => expect(mounts).toEqual(['due', 'tre']));
    rerender(<Progressive id="probe" parts={parts('uno', 'due', 'tre')} />);
    // A part that comes after all have mounted mounts at once.
    expect(shown()).toEqual(['uno', 'due', 'tre']);
    await waitFor(() => expect(mounts).toEqual(['due', 'tre', 'uno']));
    rerender(<Progressive id="probe" parts={parts('uno', 'tre')} />);
    expect(shown()).toEqual(['uno', 'tre']);
    await waitFor(() => expect(unmounts).toEqual(['due']));
  });

  it('keeps its order and its mounted parts when a part comes or goes while they are still coming', async () => {
    vi.useFakeTimers();
    const { rerender } = render(<Progressive id="probe" parts={parts('due', 'tre', 'quattro')} />);
    expect(shown()).toEqual(['due']);
    // A part before the mounted one: it takes its turn next, the mounted one stays.
    rerender(<Progressive id="probe" parts={parts('uno', 'due', 'tre', 'quattro')} />);
    expect(shown()).toEqual(['due']);
    await nextTask();
    expect(shown()).toEqual(['uno', 'due']);
    // The parts left to come go: what is there is complete, and a part that comes later mounts at once.
    rerender(<Progressive id="probe" parts={parts('uno', 'due')} />);
    await nextTask();
    rerender(<Progressive id="probe" parts={parts('uno', 'due', 'cinque')} />);
    expect(shown()).toEqual(['uno', 'due', 'cinque']);
    await act(async () => {
      await vi.runAllTimersAsync();
    });
    expect(unmounts).toEqual([]);
    expect(mounts).toEqual(['due', 'uno', 'cinque']);
  });

  it('a parent that renders again meanwhile does not hold the parts back', async () => {
    vi.useFakeTimers();
    const { rerender } = render(<Progressive id="probe" parts={parts('uno', 'due', 'tre')} />);
    for (const _ of [1, 2]) {
      rerender(<Progressive id="probe" parts={parts('uno', 'due', 'tre')} />);
      await nextTask();
    }
    expect(shown()).toEqual(['uno', 'due', 'tre']);
  });
});

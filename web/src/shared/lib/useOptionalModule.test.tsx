import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useOptionalModule, useOptionalModuleState } from './useOptionalModule';

afterEach(cleanup);

function Probe({ load }: { load: () => Promise<{ label: string }> }) {
  const module = useOptionalModule(load);
  return <p>{module ? module.label : 'not yet'}</p>;
}

function StateProbe({ load }: { load: () => Promise<{ label: string }> }) {
  const { module, failed } = useOptionalModuleState(load);
  return <p>{module ? module.label : failed ? 'failed' : 'not yet'}</p>;
}

describe('useOptionalModule', () => {
  it('answers null, without throwing, while its chunk is out of reach, and loads it when the connection returns', async () => {
    let reachable = false;
    let attempts = 0;
    const load = () => {
      attempts += 1;
      return reachable ? Promise.resolve({ label: 'caricato' }) : Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    };
    render(<Probe load={load} />);
    await waitFor(() => expect(attempts).toBe(1));
    expect(screen.getByText('not yet')).toBeTruthy();
    reachable = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('caricato')).toBeTruthy();
    expect(attempts).toBe(2);
  });

  it('says when the last load failed, until a load after the connection returns brings the module', async () => {
    let reachable = false;
    let attempts = 0;
    let arrive: (module: { label: string }) => void = () => undefined;
    const load = () => {
      attempts += 1;
      if (!reachable) return Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
      return new Promise<{ label: string }>((resolve) => {
        arrive = resolve;
      });
    };
    render(<StateProbe load={load} />);
    expect(screen.getByText('not yet')).toBeTruthy();
    expect(await screen.findByText('failed')).toBeTruthy();
    reachable = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(attempts).toBe(2));
    // While the new load runs, the failure still stands (nothing has arrived yet).
    expect(screen.getByText('failed')).toBeTruthy();
    act(() => arrive({ label: 'caricato' }));
    expect(await screen.findByText('caricato')).toBeTruthy();
  });

  it('has a module that arrived once in the first render of a later mount, without loading it again', async () => {
    let attempts = 0;
    const load = () => {
      attempts += 1;
      return Promise.resolve({ label: 'caricato' });
    };
    const first = render(<Probe load={load} />);
    expect(await screen.findByText('caricato')).toBeTruthy();
    first.unmount();
    // The screen come back to (Back): its optional part is there from the first frame, so the page
    // has its full height when the router restores the scroll position.
    const renders: string[] = [];
    function Recorder() {
      const module = useOptionalModule(load);
      renders.push(module ? module.label : 'not yet');
      return null;
    }
    render(<Recorder />);
    expect(renders[0]).toBe('caricato');
    expect(attempts).toBe(1);
  });
});


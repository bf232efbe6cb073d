import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useOptionalModule } from './useOptionalModule';

afterEach(cleanup);

function Probe({ load }: { load: () => Promise<{ label: string }> }) {
  const module = useOptionalModule(load);
  return <p>{module ? module.label : 'not yet'}</p>;
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
});

import { useEffect, useState } from 'react';

/**
 * A module that a screen can do without, loaded after mount: null until it has arrived. A load that
 * fails (its chunk out of reach: offline on a first visit, before the service worker serves it) is
 * tried again when the connection returns, and never reaches an error boundary. `React.lazy` is for
 * what the screen needs: its failure takes the route's error screen, which is wrong for an extra
 * such as the shell's refusal notices. `load` is read once, at mount.
 */
export function useOptionalModule<T>(load: () => Promise<T>): T | null {
  return useOptionalModuleState(load).module;
}

/** An optional module's state: the module once it has arrived, and whether its last load failed. */
export interface OptionalModuleState<T> {
  module: T | null;
  /** The last load failed and waits for the connection to return (the screen may say so). */
  failed: boolean;
}

/** useOptionalModule, with whether the module's last load failed. */
export function useOptionalModuleState<T>(load: () => Promise<T>): OptionalModuleState<T> {
  const [state, setState] = useState<OptionalModuleState<T>>({ module: null, failed: false });
  useEffect(() => {
    let active = true;
    const attempt = (): void => {
      load().then(
        (module) => {
          if (active) setState({ module, failed: false });
        },
        () => {
          if (!active) return;
          setState((previous) => (previous.failed ? previous : { module: null, failed: true }));
          window.addEventListener('online', attempt, { once: true });
        },
      );
    };
    attempt();
    return () => {
      active = false;
      window.removeEventListener('online', attempt);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the loader is read once, at mount
  }, []);
  return state;
}

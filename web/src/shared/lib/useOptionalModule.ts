import { useEffect, useState } from 'react';

/**
 * A module that a screen can do without, loaded after mount: null until it has arrived. A load that
 * fails (its chunk out of reach: offline on a first visit, before the service worker serves it) is
 * tried again when the connection returns, and never reaches an error boundary. `React.lazy` is for
 * what the screen needs: its failure takes the route's error screen, which is wrong for an extra
 * such as the shell's refusal notices. `load` is read once, at mount.
 */
export function useOptionalModule<T>(load: () => Promise<T>): T | null {
  const [loaded, setLoaded] = useState<T | null>(null);
  useEffect(() => {
    let active = true;
    const attempt = (): void => {
      load().then(
        (module) => {
          if (active) setLoaded(() => module);
        },
        () => {
          if (active) window.addEventListener('online', attempt, { once: true });
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
  return loaded;
}

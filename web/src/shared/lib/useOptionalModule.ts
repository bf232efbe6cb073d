import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A module that a screen can do without, loaded after mount: null until it has arrived. A load that
 * fails (its chunk out of reach: offline on a first visit, before the service worker serves it) is
 * tried again when the connection returns, and never reaches an error boundary. `React.lazy` is for
 * what the screen needs: its failure takes the route's error screen, which is wrong for an extra
 * such as the shell's refusal notices. `load` is read once, at mount. A module that has arrived once
 * is there from the first render of every later mount with the same loader (a module-level
 * function): a screen come back to with Back has its full height at once, so the router restores
 * its scroll position rather than one clamped to a page without its optional parts.
 */
export function useOptionalModule<T>(load: () => Promise<T>): T | null {
  return useOptionalModuleState(load).module;
}

/** An optional module's state: the module once it has arrived, and whether its last load failed. */
export interface OptionalModuleState<T> {
  module: T | null;
  /** The last load failed and waits for the connection to return (the screen may say so). */
  failed: boolean;
  /** A load asked for by `retry` is under way (the failure still stands until it succeeds). */
  retrying: boolean;
  /**
   * Asks for the module again now, for a person's "Riprova" when the browser thinks it is online;
   * every other failed instance on screen asks too.
   */
  retry: () => void;
}

/**
 * Asked by `retry`: every mounted optional module whose load failed tries again (two slots of one
 * screen waiting for the same chunk both get it from one "Riprova").
 */
const RETRY_EVENT = 'interno:optional-module-retry';

/** The modules that have arrived, by their loader (module-level functions: a handful). */
const arrived = new Map<() => Promise<unknown>, unknown>();

/** Tests: every optional module loads afresh at its next mount, as in a new page. */
export function forgetArrivedModules(): void {
  arrived.clear();
}

/** useOptionalModule, with whether the module's last load failed and a way to try again at once. */
export function useOptionalModuleState<T>(load: () => Promise<T>): OptionalModuleState<T> {
  const [state, setState] = useState<{ module: T | null; failed: boolean; retrying: boolean }>(() => ({
    module: arrived.has(load) ? (arrived.get(load) as T) : null,
    failed: false,
    retrying: false,
  }));
  const attemptRef = useRef<() => void>(() => undefined);
  useEffect(() => {
    // There from the first render. (One that arrived after it, from an earlier mount's load, is
    // asked for again below: the browser answers at once from its module map.)
    if (state.module !== null) return undefined;
    let active = true;
    let loading = false;
    const attempt = (): void => {
      window.removeEventListener('online', attempt);
      window.removeEventListener(RETRY_EVENT, attempt);
      if (loading) return;
      loading = true;
      load().then(
        (module) => {
          loading = false;
          arrived.set(load, module);
          if (active) setState({ module, failed: false, retrying: false });
        },
        () => {
          loading = false;
          if (!active) return;
          setState((previous) => (previous.failed && !previous.retrying ? previous : { module: null, failed: true, retrying: false }));
          window.addEventListener('online', attempt, { once: true });
          window.addEventListener(RETRY_EVENT, attempt, { once: true });
        },
      );
    };
    attemptRef.current = () => {
      setState((previous) => (previous.failed ? { ...previous, retrying: true } : previous));
      attempt();
      window.dispatchEvent(new Event(RETRY_EVENT));
    };
    attempt();
    return () => {
      active = false;
      attemptRef.current = () => undefined;
      window.removeEventListener('online', attempt);
      window.removeEventListener(RETRY_EVENT, attempt);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the loader is read once, at mount
  }, []);
  const retry = useCallback(() => attemptRef.current(), []);
  return { ...state, retry };
}

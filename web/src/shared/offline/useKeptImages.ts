import { useCallback, useEffect, useState } from 'react';
import { useSelector } from 'react-redux';
import { selectUserId, type WithSession } from '../session/sessionSlice';
import { keepImages, storedImage } from './imageStore';
import { loadOffline } from './lazy';

/**
 * Keeps the pictures at `urls` in IndexedDB for the signed-in user while online (liked and matched
 * designers), so they still show offline. Runs again only when the list changes.
 */
export function useKeepImagesOffline(urls: readonly string[]): void {
  const userId = useSelector((state: WithSession) => selectUserId(state));
  const key = urls.join('\n');
  useEffect(() => {
    if (userId === null || key === '' || !navigator.onLine) return;
    const timer = window.setTimeout(() => {
      void loadOffline().then(({ db }) => keepImages(db, userId, key.split('\n')));
    }, 500);
    return () => window.clearTimeout(timer);
  }, [userId, key]);
}

/**
 * When a picture fails to load (offline, and not in the service worker's cache), looks for the copy
 * kept in IndexedDB under `src` and returns it as an object URL. `fallback` is null until then.
 */
export function useStoredImageFallback(src: string | null): { fallback: string | null; onError: () => Promise<boolean> } {
  const [fallback, setFallback] = useState<{ src: string; url: string } | null>(null);
  useEffect(
    () => () => {
      if (fallback) URL.revokeObjectURL(fallback.url);
    },
    [fallback],
  );
  const onError = useCallback(async (): Promise<boolean> => {
    if (src === null || fallback?.src === src) return false;
    const blob = await storedImage((await loadOffline()).db, src);
    if (!blob) return false;
    setFallback({ src, url: URL.createObjectURL(blob) });
    return true;
  }, [src, fallback]);
  return { fallback: fallback?.src === src ? fallback.url : null, onError };
}

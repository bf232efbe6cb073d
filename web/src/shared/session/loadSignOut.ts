/**
 * signOut's code (it queues the server's logout through the outbox), a chunk of its own that the
 * shell's "Esci" loads when first used. A sign-in (completeSignIn) and the offline layer as it starts
 * (app/offline.ts) load it beforehand, so that a logout made offline later finds its code even where
 * no service worker serves the app's files yet (a first visit). A load that failed is forgotten, so
 * the next call tries again.
 */
let loading: Promise<typeof import('./signOut')> | null = null;

export function loadSignOut(): Promise<typeof import('./signOut')> {
  loading ??= import('./signOut').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

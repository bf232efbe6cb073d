import 'fake-indexeddb/auto';

/**
 * Browsers resolve relative request URLs against the page; Node's Request (used under jsdom) has no
 * page, so resolve them against jsdom's location as a browser would.
 */
const NodeRequest = globalThis.Request;
class PageRequest extends NodeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' && input.startsWith('/') ? new URL(input, window.location.href).href : input, init);
  }
}
globalThis.Request = PageRequest;

// The app loads the offline runtime (Dexie, the outbox) after first paint (shared/offline/lazy.ts).
// Tests start with it loaded, as the app is a moment after start-up, so the first test that reaches
// IndexedDB does not pay for transforming the runtime's modules inside its own time limit.
const { loadOffline } = await import('../shared/offline/lazy');
await loadOffline();

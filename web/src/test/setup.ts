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

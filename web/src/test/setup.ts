import 'fake-indexeddb/auto';
import { configure, getConfig } from '@testing-library/react';
import { options } from 'preact';
import { beforeEach } from 'vitest';

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

/**
 * A failed query builds its error with a print of the whole DOM. waitFor and findBy* run the query on
 * every DOM change and every 50 ms until it matches, so on a large screen (the availability editor
 * has some 1,300 <option>s) those prints took most of the CPU and starved the code under test on a
 * busy machine. While a wait polls, the error is the message alone; when the wait gives up, waitFor
 * asks getElementError again outside the poll, so a failure still prints the DOM once.
 */
const printingElementError = getConfig().getElementError;
/** Set by Testing Library while waitFor polls (not in its public types). */
const polling = () => (getConfig() as { _disableExpensiveErrorDiagnostics?: boolean })._disableExpensiveErrorDiagnostics === true;
configure({
  // waitFor and findBy* wait for a state; the default ceiling (1 s) presumes an idle machine.
  asyncUtilTimeout: 10_000,
  getElementError: (message, container) => {
    if (!polling()) return printingElementError(message, container);
    const error = new Error(message ?? '');
    error.name = 'TestingLibraryElementError';
    return error;
  },
});

// Each test renders its screens as a new page would: optional modules that arrived in an earlier
// test load afresh (shared/lib/useOptionalModule.ts keeps them for the page's later mounts), and
// parts mounted one at a time in a new page are so again (shared/ui/Progressive.tsx).
const { forgetArrivedModules } = await import('../shared/lib/useOptionalModule');
const { forgetProgressiveMounts } = await import('../shared/ui/Progressive');
beforeEach(() => {
  forgetArrivedModules();
  forgetProgressiveMounts();
});

// Preact runs effects after the next frame, and by default also sets a 35 ms timer in case no frame
// comes (a hidden tab); that timer calls cancelAnimationFrame. On a busy machine a test file could end,
// and its jsdom window be torn down with cancelAnimationFrame, while the timer was set: it then fired
// into the worker's next file (an unhandled ReferenceError, which fails the run though every test
// passed). jsdom's window always has frames (vitest makes it "visual"), so tests wait for the frame
// alone, as a visible page does: a frame still asked for when the window closes is dropped with it.
options.requestAnimationFrame = (flush) => {
  requestAnimationFrame(() => setTimeout(flush));
};

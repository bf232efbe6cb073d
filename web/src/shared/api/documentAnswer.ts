/**
 * An API answer the server wrote into the page (adapters/httpapi/firstanswer.go): on a designer's
 * public profile, GET /api/designers/{id} as a visitor sees it, in
 * `<script type="application/json" id="first-answer" data-url="/designers/{id}">`. The first
 * visitor's GET of that address during the first screen takes it instead of asking the network; it
 * is taken once (a refetch asks the server) and it is read once, then the element is removed. A page the service
 * worker serves (the app's shell) has no such element: the GET goes to the network as usual.
 */

const ELEMENT_ID = 'first-answer';

interface DocumentAnswer {
  url: string;
  data: unknown;
}

let answer: DocumentAnswer | null | undefined;

function read(): DocumentAnswer | null {
  if (typeof document === 'undefined') return null;
  const element = document.getElementById(ELEMENT_ID);
  if (!element) return null;
  element.remove();
  const url = element.getAttribute('data-url');
  if (element.getAttribute('type') !== 'application/json' || !url) return null;
  try {
    return { url, data: JSON.parse(element.textContent ?? '') as unknown };
  } catch {
    return null; // a damaged block: the GET asks the network
  }
}

/**
 * How long after the page was opened its answer may still be taken: it is for the first screen, not
 * for a visit to the same address much later (the designer may have changed the profile since).
 */
const FIRST_SCREEN_MS = 10_000;

/**
 * The answer written into the page for `url` (a base query's URL, e.g. "/designers/12"), once, for a
 * visitor's GET during the first screen; else undefined. Every GET asks, so that the first one made
 * by someone signed in, or after the first screen, drops the answer for good: a visitor's GET after
 * a logout never gets what the page carried when it opened.
 */
export function takeDocumentAnswer(url: string, visitor: boolean, now: () => number = () => performance.now()): unknown {
  answer ??= read();
  if (answer === null) return undefined;
  if (!visitor || now() > FIRST_SCREEN_MS) {
    answer = null;
    return undefined;
  }
  if (answer.url !== url) return undefined;
  const { data } = answer;
  answer = null;
  return data;
}

/** Tests: forget what was read, so the next call reads the document again. */
export function resetDocumentAnswer(): void {
  answer = undefined;
}

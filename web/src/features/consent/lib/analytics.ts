/**
 * Google Analytics (gtag.js), added to the page only with consent "all" and a configured id.
 * Nothing about analytics exists in the page before that.
 */
const SCRIPT_ID = 'interno-analytics';
const GTAG_ORIGIN = 'https://www.googletagmanager.com';

type Gtag = (...args: unknown[]) => void;

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

export function analyticsScriptUrl(measurementId: string): string {
  return `${GTAG_ORIGIN}/gtag/js?id=${encodeURIComponent(measurementId)}`;
}

export function isAnalyticsLoaded(doc: Document = document): boolean {
  return doc.getElementById(SCRIPT_ID) !== null;
}

/** Loads gtag.js once and starts measuring with IP anonymisation. */
export function startAnalytics(measurementId: string, doc: Document = document, win: Window = window): void {
  const disableFlag = `ga-disable-${measurementId}`;
  (win as unknown as Record<string, unknown>)[disableFlag] = false;
  if (isAnalyticsLoaded(doc)) return;
  win.dataLayer = win.dataLayer ?? [];
  const dataLayer = win.dataLayer;
  // gtag must push the arguments object itself, as Google's snippet does.
  win.gtag = function gtag() {
    // eslint-disable-next-line prefer-rest-params
    dataLayer.push(arguments);
  };
  win.gtag('js', new Date());
  win.gtag('config', measurementId, { anonymize_ip: true, currency: 'EUR' });
  const script = doc.createElement('script');
  script.id = SCRIPT_ID;
  script.async = true;
  script.src = analyticsScriptUrl(measurementId);
  doc.head.appendChild(script);
}

/** Stops measuring after consent is withdrawn and removes Google Analytics cookies of this site. */
export function stopAnalytics(measurementId: string, doc: Document = document, win: Window = window): void {
  if (measurementId) (win as unknown as Record<string, unknown>)[`ga-disable-${measurementId}`] = true;
  doc.getElementById(SCRIPT_ID)?.remove();
  for (const cookie of doc.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim() ?? '';
    if (name === '_ga' || name.startsWith('_ga_') || name === '_gid') {
      doc.cookie = `${name}=; Max-Age=0; path=/`;
      doc.cookie = `${name}=; Max-Age=0; path=/; domain=.${win.location.hostname}`;
    }
  }
}

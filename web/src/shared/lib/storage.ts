/**
 * Safe access to localStorage and sessionStorage: private browsing, full quotas and disabled
 * storage throw, and a broken storage must never break the app.
 */
export type StorageArea = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function area(kind: 'local' | 'session'): StorageArea | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export function localArea(): StorageArea | null {
  return area('local');
}

export function sessionArea(): StorageArea | null {
  return area('session');
}

export function readString(storage: StorageArea | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeString(storage: StorageArea | null, key: string, value: string): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // Quota or privacy mode: the in-memory state still holds the value for this visit.
  }
}

export function removeKey(storage: StorageArea | null, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    // Nothing to remove when storage is unavailable.
  }
}

export function readJson(storage: StorageArea | null, key: string): unknown {
  const raw = readString(storage, key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

/** Keys kept in localStorage across visits (customer spec, section 3 "Client storage"). */
export const PERSISTENT_KEYS = {
  user: 'user',
  rememberMe: 'remember_me',
  cookieConsent: 'cookie-consent',
  cookieConsentDate: 'cookie-consent-date',
  questionnaireAnswers: 'questionnaire_answers',
  styleAnalysis: 'style_analysis',
} as const;

/** Keys kept in sessionStorage for the current tab (customer spec, section 3). */
export const SESSION_KEYS = [
  'questionnaireAnswers',
  'styleAnalysis',
  'returnAfterRegistration',
  'returnToDesigners',
  'pendingContact',
  'pendingDesigner',
  'pendingAppointment',
  'fullscreenDismissed',
  // The account a visitor's quiz went to at sign-in (shared/lib/journey.ts, handJourneyTo).
  'journeyHeir',
  // The address a password-reset request hands back to its login (features/auth/lib/destination.ts).
  'loginEmail',
] as const;

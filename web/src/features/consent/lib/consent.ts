import { PERSISTENT_KEYS, readString, removeKey, writeString, type StorageArea } from '../../../shared/lib/storage';

/** The two stored levels of the spec: essential cookies only, or all (analytics and marketing too). */
export type ConsentLevel = 'essential' | 'all';

/** Consent is asked again after this many days. */
export const CONSENT_MAX_AGE_DAYS = 365;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface StoredConsent {
  level: ConsentLevel;
  /** When it was given, in milliseconds. */
  decidedAt: number;
}

export function isConsentLevel(value: unknown): value is ConsentLevel {
  return value === 'essential' || value === 'all';
}

/** True once maxAgeDays have passed since the choice (or the date is in the future by more than a day). */
export function isConsentExpired(decidedAt: number, now: number, maxAgeDays: number = CONSENT_MAX_AGE_DAYS): boolean {
  if (!Number.isFinite(decidedAt)) return true;
  if (decidedAt - now > DAY_MS) return true;
  return now - decidedAt >= maxAgeDays * DAY_MS;
}

/**
 * The valid consent on this device, or null when none was given, the stored values are unreadable,
 * or it expired; expired or broken values are removed so the banner asks again.
 */
export function readConsent(storage: StorageArea | null, now: number): StoredConsent | null {
  const level = readString(storage, PERSISTENT_KEYS.cookieConsent);
  const date = readString(storage, PERSISTENT_KEYS.cookieConsentDate);
  if (level === null && date === null) return null;
  const decidedAt = date === null ? Number.NaN : Date.parse(date);
  if (!isConsentLevel(level) || isConsentExpired(decidedAt, now)) {
    clearConsent(storage);
    return null;
  }
  return { level, decidedAt };
}

export function writeConsent(storage: StorageArea | null, level: ConsentLevel, now: number): StoredConsent {
  writeString(storage, PERSISTENT_KEYS.cookieConsent, level);
  writeString(storage, PERSISTENT_KEYS.cookieConsentDate, new Date(now).toISOString());
  return { level, decidedAt: now };
}

export function clearConsent(storage: StorageArea | null): void {
  removeKey(storage, PERSISTENT_KEYS.cookieConsent);
  removeKey(storage, PERSISTENT_KEYS.cookieConsentDate);
}

/**
 * The settings modal has two switches but the stored consent has two levels: analytics and
 * marketing are allowed together, so "all" needs both switches on; anything else is essential.
 */
export function levelFromToggles(analytics: boolean, marketing: boolean): ConsentLevel {
  return analytics && marketing ? 'all' : 'essential';
}

export function allowsAnalytics(level: ConsentLevel | null): boolean {
  return level === 'all';
}

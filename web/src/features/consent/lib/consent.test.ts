import { beforeEach, describe, expect, it } from 'vitest';
import { CONSENT_MAX_AGE_DAYS, isConsentExpired, levelFromToggles, readConsent, writeConsent, allowsAnalytics } from './consent';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 5, 1, 10, 0, 0);

beforeEach(() => {
  localStorage.clear();
});

describe('consent storage', () => {
  it('writes cookie-consent and an ISO cookie-consent-date', () => {
    writeConsent(localStorage, 'all', NOW);
    expect(localStorage.getItem('cookie-consent')).toBe('all');
    expect(localStorage.getItem('cookie-consent-date')).toBe('2026-06-01T10:00:00.000Z');
    expect(readConsent(localStorage, NOW)).toEqual({ level: 'all', decidedAt: NOW });
  });

  it('is valid for 365 days and then asks again, removing the old values', () => {
    writeConsent(localStorage, 'essential', NOW);
    expect(readConsent(localStorage, NOW + 364 * DAY)?.level).toBe('essential');
    expect(readConsent(localStorage, NOW + CONSENT_MAX_AGE_DAYS * DAY)).toBeNull();
    expect(localStorage.getItem('cookie-consent')).toBeNull();
    expect(localStorage.getItem('cookie-consent-date')).toBeNull();
  });

  it('treats unknown levels, missing or broken dates as no consent', () => {
    localStorage.setItem('cookie-consent', 'maybe');
    localStorage.setItem('cookie-consent-date', new Date(NOW).toISOString());
    expect(readConsent(localStorage, NOW)).toBeNull();
    localStorage.setItem('cookie-consent', 'all');
    expect(readConsent(localStorage, NOW)).toBeNull();
    localStorage.setItem('cookie-consent', 'all');
    localStorage.setItem('cookie-consent-date', 'yesterday');
    expect(readConsent(localStorage, NOW)).toBeNull();
  });

  it('returns null when nothing was chosen', () => {
    expect(readConsent(localStorage, NOW)).toBeNull();
  });
});

describe('consent rules', () => {
  it('expires at exactly the maximum age and rejects dates far in the future', () => {
    expect(isConsentExpired(NOW, NOW + 365 * DAY - 1)).toBe(false);
    expect(isConsentExpired(NOW, NOW + 365 * DAY)).toBe(true);
    expect(isConsentExpired(NOW + 3 * DAY, NOW)).toBe(true);
    expect(isConsentExpired(Number.NaN, NOW)).toBe(true);
  });

  it('allows analytics only with all, which needs both switches', () => {
    expect(levelFromToggles(true, true)).toBe('all');
    expect(levelFromToggles(true, false)).toBe('essential');
    expect(levelFromToggles(false, true)).toBe('essential');
    expect(allowsAnalytics('all')).toBe(true);
    expect(allowsAnalytics('essential')).toBe(false);
    expect(allowsAnalytics(null)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { formatLongDate, formatRelative, formatShortDate, formatTime, formatWeekdayDate } from './dates';
import { it as core } from './it';
import type { Entry } from './messages';
import { pluralForm, t } from './t';

// Every part of the catalogue (each registers itself on import), and the whole of it to check.
const parts = import.meta.glob<Record<string, Readonly<Record<string, Entry>>>>('./parts/*.ts', { eager: true });
const catalogue: Readonly<Record<string, Entry>> = Object.assign({}, core, ...Object.values(parts).flatMap((module) => Object.values(module)));

describe('t', () => {
  it('returns plain strings', () => {
    expect(t('shell.login')).toBe('Accedi');
    expect(t('consent.acceptAll')).toBe('Accetta Tutti');
  });

  it('fills placeholders and formats numbers the Italian way', () => {
    expect(t('footer.copyright', { year: '2026' })).toBe('© 2026 Interno. Tutti i diritti riservati.');
    // Italian groups thousands from five digits on (CLDR minimum grouping digits 2).
    expect(t('landing.remaining', { days: 12000, hours: 2, minutes: 3, seconds: 4 })).toBe(
      "12.000 giorni, 2 ore, 3 minuti e 4 secondi all'apertura",
    );
    expect(t('landing.remaining', { days: 1000, hours: 0, minutes: 0, seconds: 0 })).toBe(
      "1000 giorni, 0 ore, 0 minuti e 0 secondi all'apertura",
    );
  });

  it('uses one, many and other as Intl.PluralRules("it") chooses', () => {
    expect(t('shell.pendingActions', { count: 1 })).toBe('1 azione in attesa di invio');
    expect(t('shell.pendingActions', { count: 0 })).toBe('0 azioni in attesa di invio');
    expect(t('shell.pendingActions', { count: 3 })).toBe('3 azioni in attesa di invio');
    expect(t('shell.pendingActions', { count: 1_000_000 })).toBe('1.000.000 di azioni in attesa di invio');
    expect(t('landing.hours', { count: 1 })).toBe('ora');
    expect(t('landing.hours', { count: 5 })).toBe('ore');
  });

  it('is split into parts that share no key', () => {
    const keys = [core, ...Object.values(parts).flatMap((module) => Object.values(module))].flatMap((part) => Object.keys(part));
    expect(keys.length).toBe(new Set(keys).size);
    expect(keys.length).toBeGreaterThan(1000);
  });

  it('has all three plural forms for every plural entry', () => {
    for (const entry of Object.values(catalogue)) {
      if (typeof entry === 'string') continue;
      expect(Object.keys(entry).sort()).toEqual(['many', 'one', 'other']);
      expect(pluralForm(entry, 1_000_000)).toBe(entry.many);
    }
  });

  it("keeps the spec's exact texts", () => {
    expect(t('consent.customize')).toBe('Personalizza');
    expect(t('consent.essentialOnly')).toBe('Solo Essenziali');
    expect(t('consent.save')).toBe('Salva Preferenze');
    expect(t('privacy.updated')).toBe('Ultimo aggiornamento: 4 Agosto 2025');
    expect(t('offline.stale')).toBe('Dati non aggiornati — sei offline');
    expect(t('notFound.title')).toBe('Pagina non trovata');
  });

  it('keeps the seed texts byte for byte, with its straight apostrophe', () => {
    expect(t('reset.form.missingToken')).toBe('Token di reset non valido o mancante. Richiedi un nuovo reset della password.');
    expect(t('auth.validation.emailRequired')).toBe('Inserisci il tuo indirizzo email');
    expect(t('appointments.slots.emptyHint')).toBe("Prova a selezionare un'altra data.");
    expect(t('appointments.book.sessionExpired')).toBe("Sessione scaduta. Effettua nuovamente l'accesso.");
    expect(t('account.edit.photoSize')).toBe("L'immagine è troppo grande. Massimo 5MB");
    expect(t('account.edit.emailRequired')).toBe("L'email è obbligatoria");
    expect(t('chat.contact.afterRegistrationFailed')).toBe("Errore nell'invio del messaggio. Riprova.");
  });

  it('writes every apostrophe as the seed does (straight), never a typographic one', () => {
    const texts = Object.values(catalogue).flatMap((entry) => (typeof entry === 'string' ? [entry] : Object.values(entry)));
    expect(texts.filter((text) => text.includes('\u2019'))).toEqual([]);
  });
});

describe('Italian dates', () => {
  const summer = Date.UTC(2025, 7, 4, 12, 30); // 14:30 in Rome (CEST)

  it('formats dates in the Europe/Rome zone', () => {
    expect(formatLongDate(summer)).toBe('4 agosto 2025');
    expect(formatWeekdayDate(summer)).toBe('lunedì 4 agosto 2025');
    expect(formatShortDate(summer)).toBe('04/08/2025');
    expect(formatTime(summer)).toBe('14:30');
    expect(formatTime('2025-12-01T09:05:00+01:00')).toBe('09:05');
  });

  it('says how long ago in Italian', () => {
    const now = Date.UTC(2026, 0, 10, 12, 0);
    expect(formatRelative(now - 10_000, now)).toBe('adesso');
    expect(formatRelative(now - 5 * 60_000, now)).toBe('5 minuti fa');
    expect(formatRelative(now - 24 * 3600_000, now)).toBe('ieri');
    expect(formatRelative(now + 3 * 24 * 3600_000, now)).toBe('tra 3 giorni');
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { httpError, isUnreachable, italianMessage, parseRetryAfter, readDetail, transportError } from './errors';

describe('readDetail', () => {
  it('reads a string detail', () => {
    expect(readDetail('Email already registered')).toEqual({ text: 'Email already registered', fields: [] });
  });

  it('reads a list of {loc, msg} and names the fields without the body prefix', () => {
    const result = readDetail([
      { loc: ['body', 'password'], msg: 'too short', type: 'value_error' },
      { loc: ['body', 'address', 'city'], msg: 'required', type: 'value_error' },
    ]);
    expect(result.text).toBe('too short; required');
    expect(result.fields).toEqual([
      { field: 'password', detail: 'too short' },
      { field: 'address.city', detail: 'required' },
    ]);
  });

  it('reads an object detail', () => {
    expect(readDetail({ message: 'Slot taken', slot: '2026-01-01T10:00:00+01:00' }).text).toBe('Slot taken');
    expect(readDetail({ code: 7 }).text).toBe('{"code":7}');
  });

  it('returns nothing for a missing detail', () => {
    expect(readDetail(undefined)).toEqual({ text: null, fields: [] });
  });
});

describe('httpError', () => {
  it('keeps reason and extra fields, and maps the message by reason first', () => {
    const error = httpError(409, { detail: 'Slot already booked', reason: 'slot_taken', slot_id: 4 });
    expect(error).toMatchObject({
      status: 409,
      reason: 'slot_taken',
      detail: 'Slot already booked',
      message: "L'orario selezionato non è più disponibile. Seleziona un altro orario.",
      extra: { slot_id: 4 },
    });
  });

  it('names how many bookings a refused availability change leaves out', () => {
    const booking = { id: 1, datetime: '2027-03-01T10:00:00+01:00', date: '2027-03-01', time: '10:00', status: 'pending', customer_name: 'Anna' };
    const two = httpError(409, { detail: 'conflict', reason: 'availability_conflict', conflicts: [booking, { ...booking, id: 2 }] });
    expect(two.message).toBe('La nuova disponibilità lascia fuori 2 appuntamenti già prenotati.');
    expect(two.extra.conflicts).toHaveLength(2);
    const one = httpError(409, { detail: 'conflict', reason: 'availability_conflict', conflicts: [booking] });
    expect(one.message).toBe('La nuova disponibilità lascia fuori un appuntamento già prenotato.');
  });

  it('never shows the English detail as the message', () => {
    for (const status of [400, 401, 403, 404, 409, 413, 415, 422, 500, 503, 418]) {
      const error = httpError(status, { detail: 'Something in English' });
      expect(error.message).not.toContain('English');
      expect(error.message.length).toBeGreaterThan(10);
    }
  });

  it('uses Retry-After for 429 with Italian plurals', () => {
    expect(httpError(429, { detail: 'slow down' }, '1').message).toBe('Troppi tentativi. Riprova tra 1 secondo.');
    expect(httpError(429, { detail: 'slow down' }, '30').message).toBe('Troppi tentativi. Riprova tra 30 secondi.');
    expect(httpError(429, {}, null).message).toBe('Troppi tentativi. Riprova tra poco.');
  });

  it("maps the API's reasons to the spec's Italian texts", () => {
    expect(httpError(401, { detail: 'Invalid credentials', reason: 'invalid_credentials' }).message).toBe(
      'Credenziali non valide. Verifica email e password.',
    );
    expect(httpError(415, { detail: 'not an image', reason: 'image_format' }).message).toBe('Formato immagine non supportato. Usa JPG, PNG o GIF');
    expect(httpError(409, { detail: 'in progress', reason: 'idempotency_in_progress' }).message).toBe(
      'Operazione già in corso: attendi qualche secondo.',
    );
  });

  it('accepts a plain-text body', () => {
    expect(httpError(502, 'Bad Gateway').detail).toBe('Bad Gateway');
  });
});

describe('helpers', () => {
  it('parses Retry-After as seconds or an HTTP date', () => {
    const now = Date.UTC(2026, 0, 1, 12, 0, 0);
    expect(parseRetryAfter('120', now)).toBe(120);
    expect(parseRetryAfter(new Date(now + 5000).toUTCString(), now)).toBe(5);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });

  it('maps statuses to Italian', () => {
    expect(italianMessage(404, null, null)).toBe('Non abbiamo trovato quello che cerchi.');
    expect(italianMessage(403, null, null)).toBe('Non hai i permessi per questa operazione.');
    expect(italianMessage(409, 'invalid_transition', null, { status: 'confirmed' })).toBe(
      "L'appuntamento ora risulta confermato: questa azione non è più possibile.",
    );
    expect(italianMessage(409, 'invalid_transition', null, {})).toBe("L'appuntamento è cambiato nel frattempo: questa azione non è più possibile.");
    expect(italianMessage(409, 'call_not_started', null, { starts_at: '2027-03-10T09:00:00Z' })).toBe(
      "La videochiamata non è ancora iniziata: potrai segnarla come completata dall'inizio della chiamata.",
    );
  });

  it('knows which failures mean the server could not be reached', () => {
    expect(isUnreachable(transportError('network'))).toBe(true);
    expect(isUnreachable(transportError('timeout'))).toBe(true);
    expect(isUnreachable(httpError(503, {}))).toBe(true);
    expect(isUnreachable(httpError(500, {}))).toBe(false);
    expect(isUnreachable(httpError(404, {}))).toBe(false);
  });
});

describe('transportError', () => {
  afterEach(() => vi.restoreAllMocks());

  it("never carries the browser's English error text where a screen could show it", () => {
    const error = transportError('network', 'TypeError: Failed to fetch');
    expect(error.message).toBe('Errore di connessione al server. Riprova più tardi.');
    expect(error.detail).toBeNull();
    expect(JSON.stringify({ message: error.message, detail: error.detail, fields: error.fields })).not.toMatch(/TypeError|Failed to fetch/);
    expect(transportError('timeout', 'AbortError: signal timed out').detail).toBeNull();
  });

  it('says the person is offline when the browser knows it', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const offline = 'Sei offline: questa operazione richiede la connessione. Riprova quando sei di nuovo online.';
    expect(transportError('network', 'TypeError: Failed to fetch').message).toBe(offline);
    expect(transportError('timeout').message).toBe(offline);
  });
});

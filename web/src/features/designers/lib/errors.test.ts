import { afterEach, describe, expect, it, vi } from 'vitest';
import { httpError, transportError } from '../../../shared/api/errors';
import {
  deletionError,
  googleRegistrationErrorText,
  portfolioLoadError,
  profileLoadError,
  profileUpdateError,
  registrationErrorText,
  toAppError,
} from './errors';

describe('registration errors (spec section 8)', () => {
  it('recognises a taken e-mail by reason or wording', () => {
    const taken = 'This email address is already registered. Please use a different email.';
    expect(registrationErrorText(httpError(409, { detail: 'This email address is already registered', reason: 'email_taken' }))).toBe(taken);
    expect(registrationErrorText(httpError(400, { detail: 'UNIQUE constraint failed: users.email' }))).toBe(taken);
  });

  it('names network failures', () => {
    expect(registrationErrorText(transportError('network'))).toBe(
      'Network error: Unable to connect to the server. Please check your internet connection and try again.',
    );
  });

  it('wraps anything else with the server detail', () => {
    expect(registrationErrorText(httpError(415, { detail: 'The file is not a supported image.', reason: 'not_an_image' }))).toBe(
      'Error creating account: The file is not a supported image. Please try again.',
    );
  });

  it('explains Google failures', () => {
    expect(googleRegistrationErrorText(httpError(401, { detail: 'Invalid Google credential' }))).toBe(
      'Google authentication failed: Invalid Google credential. Please try manual registration.',
    );
  });
});

describe('profile update errors by cause', () => {
  it('maps e-mail, 401, 400/422, 404 and the rest', () => {
    expect(profileUpdateError(httpError(409, { detail: 'This email address is already registered', reason: 'email_taken' })).message).toBe(
      "Errore: l'email inserita è già in uso da un altro designer.",
    );
    expect(profileUpdateError(httpError(401, { detail: 'Not authenticated' })).message).toBe('Errore di autenticazione. Prova a rifare il login.');
    expect(profileUpdateError(httpError(422, { detail: [{ loc: ['body', 'email'], msg: 'Invalid email format' }] })).message).toBe(
      'Dati non validi. Controlla che tutti i campi siano compilati correttamente.',
    );
    expect(profileUpdateError(httpError(404, { detail: 'Designer not found' })).message).toBe('Profilo non trovato. Prova a ricaricare la pagina.');
    const other = profileUpdateError(httpError(500, { detail: 'boom' }));
    expect(other).toEqual({ message: "Si è verificato un errore durante l'aggiornamento del profilo.", detail: 'boom' });
  });

  it('does not blame the person for pictures the server no longer holds, and names picture failures', () => {
    const stale = profileUpdateError(
      httpError(422, {
        detail: [{ loc: ['body', 'gallery_images'], msg: 'Gallery images must be new uploads or images already in this gallery' }],
        reason: 'gallery_image_unknown',
      }),
    );
    expect(stale.message).toMatch(/^Le foto salvate sono cambiate/);
    expect(stale.message).not.toMatch(/Dati non validi/);
    expect(profileUpdateError(httpError(422, { detail: 'x', reason: 'profile_picture_unknown' })).message).toMatch(/^Le foto salvate/);
    expect(profileUpdateError(httpError(415, { detail: 'not an image', reason: 'image_format' })).message).not.toMatch(/Dati non validi/);
  });

  it('keeps technical details', () => {
    expect(profileUpdateError(httpError(422, { detail: [{ loc: ['body', 'min_budget'], msg: 'Minimum budget must be at least €300' }] })).detail).toBe(
      'Minimum budget must be at least €300',
    );
  });
});

describe('other texts', () => {
  it('deletion failure', () => {
    expect(deletionError(httpError(403, { detail: 'Only the designer or an admin may do this' }))).toEqual({
      message: "Si è verificato un errore durante l'eliminazione dell'account.",
      detail: 'Only the designer or an admin may do this',
    });
  });

  it('public page load errors', () => {
    expect(portfolioLoadError(httpError(404, { detail: 'Designer not found' }))).toBe('Designer not found: 404');
    expect(portfolioLoadError(transportError('parse'))).toBe('Error loading designer');
    expect(profileLoadError(httpError(500, { detail: 'Internal error' }))).toBe('Internal error');
    expect(profileLoadError(httpError(502, null))).toBe('Errore HTTP: 502');
  });

  it('reads serialized exceptions as parse failures', () => {
    expect(toAppError({ name: 'Error', message: 'bad' })).toMatchObject({ kind: 'parse', detail: 'bad' });
    const app = httpError(404, { detail: 'x' });
    expect(toAppError(app)).toBe(app);
  });
});

describe('public page load errors when the server could not be reached', () => {
  afterEach(() => vi.restoreAllMocks());
  const OFFLINE = 'Sei offline: questa operazione richiede la connessione. Riprova quando sei di nuovo online.';
  const NETWORK = 'Errore di connessione al server. Riprova più tardi.';

  it('are Italian, never the raw JavaScript error', () => {
    const failed = transportError('network', 'TypeError: Failed to fetch');
    expect(profileLoadError(failed)).toBe(NETWORK);
    expect(portfolioLoadError(failed)).toBe(NETWORK);
    expect(profileLoadError(toAppError({ name: 'TypeError', message: "Cannot read properties of undefined (reading 'name')" }))).toBe(
      'Errore sconosciuto',
    );
  });

  it('say the person is offline', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(profileLoadError(transportError('network', 'TypeError: Failed to fetch'))).toBe(OFFLINE);
    expect(portfolioLoadError(transportError('timeout'))).toBe(OFFLINE);
  });

  it('keep no English technical details for a failed update or deletion', () => {
    const failed = transportError('network', 'TypeError: Failed to fetch');
    expect(profileUpdateError(failed).detail).toBe(NETWORK);
    expect(deletionError(failed).detail).toBe(NETWORK);
  });
});

import { describe, expect, it } from 'vitest';
import { httpError, transportError } from '../../../shared/api/errors';
import { isBadCredentials, isEmailTaken, loginErrorMessage, registerErrorMessage } from './authErrors';

describe('login errors', () => {
  it('maps bad credentials, by reason, status or wording, to the spec text', () => {
    const byReason = httpError(401, { detail: 'Invalid credentials: incorrect email or password', reason: 'invalid_credentials' });
    expect(isBadCredentials(byReason)).toBe(true);
    expect(loginErrorMessage(byReason)).toBe('Credenziali non valide. Verifica email e password.');
    expect(isBadCredentials(httpError(400, { detail: 'Wrong email or password' }))).toBe(true);
    expect(isBadCredentials(httpError(400, { detail: 'Authentication failed' }))).toBe(true);
    expect(isBadCredentials(httpError(500, { detail: 'boom' }))).toBe(false);
  });

  it('says offline and throttling in Italian instead of bad credentials', () => {
    expect(loginErrorMessage(transportError('network'))).toMatch(/Sei offline/);
    expect(loginErrorMessage(httpError(429, { detail: 'Too many attempts', reason: 'throttled' }, '30'))).toMatch(/Troppi tentativi/);
  });
});

describe('registration errors', () => {
  it('recognises an address already registered in its several wordings', () => {
    expect(isEmailTaken(httpError(409, { detail: 'A user with this email already exists', reason: 'email_taken' }))).toBe(true);
    expect(isEmailTaken(httpError(400, { detail: 'Email already registered' }))).toBe(true);
    expect(isEmailTaken(httpError(400, { detail: 'Bad email' }))).toBe(true);
    expect(isEmailTaken(httpError(409, { detail: 'in progress', reason: 'idempotency_in_progress' }))).toBe(false);
    expect(isEmailTaken(httpError(422, { detail: [{ loc: ['body', 'password'], msg: 'too short' }] }))).toBe(false);
  });

  it('explains a refused password', () => {
    expect(registerErrorMessage(httpError(422, { detail: [{ loc: ['body', 'password'], msg: 'too short' }], reason: 'validation' }))).toBe(
      'La password deve contenere almeno 8 caratteri.',
    );
  });
});

import type { AppError } from '../../../shared/api/errors';
import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/auth';

/** Phrases that mean "wrong e-mail or password" (customer spec, section 8, Login). */
const BAD_CREDENTIAL_PHRASES = [
  'invalid credentials',
  'incorrect',
  'unauthorized',
  '401',
  'login failed',
  'authentication failed',
  'access denied',
  'wrong email or password',
  'wrong password',
];

/** True when a login failure means bad credentials, by reason, status or wording. */
export function isBadCredentials(error: AppError): boolean {
  if (error.reason === 'invalid_credentials') return true;
  if (error.kind === 'http' && error.status === 401) return true;
  const detail = (error.detail ?? '').toLowerCase();
  return BAD_CREDENTIAL_PHRASES.some((phrase) => detail.includes(phrase));
}

/** True when registration failed because the address already has an account. */
export function isEmailTaken(error: AppError): boolean {
  if (error.reason === 'email_taken') return true;
  const detail = (error.detail ?? '').toLowerCase();
  const wording = ['already exists', 'already registered', 'already in use', 'already taken', 'già registrata'].some((w) => detail.includes(w));
  if (wording) return true;
  if (error.status === 409 && error.reason !== 'idempotency_in_progress' && error.reason !== 'idempotency_key_reused') return true;
  return error.status === 400 && detail.includes('email');
}

/** Why a form could not even reach the server. */
export function isOffline(error: AppError): boolean {
  return error.kind === 'network' || error.kind === 'timeout';
}

/** The Italian text for a failed login (everything but bad credentials keeps the app's own message). */
export function loginErrorMessage(error: AppError): string {
  if (isOffline(error)) return t('auth.offline');
  if (error.status === 429) return error.message;
  if (isBadCredentials(error)) return t('auth.login.badCredentials');
  return error.message || t('auth.login.failed');
}

/** The Italian text for a failed registration; email-taken is handled by its own message with Accedi. */
export function registerErrorMessage(error: AppError): string {
  if (isOffline(error)) return t('auth.offline');
  if (error.status === 429) return error.message;
  if (error.fields.some((f) => f.field === 'password')) return t('auth.validation.passwordShort');
  if (error.fields.some((f) => f.field === 'email')) return t('auth.validation.emailFormat');
  return error.message || t('auth.register.failed');
}

/** The Italian text for a failed Google sign-in. */
export function googleErrorMessage(error: AppError): string {
  if (isOffline(error)) return t('auth.offline');
  if (error.reason === 'google_email_unverified') return t('auth.google.linkFirst');
  if (error.reason === 'google_signin_disabled') return t('auth.google.disabled');
  if (error.status === 429) return error.message;
  return t('auth.google.failed');
}

/** True when the server says a reset link is unknown, used or expired. */
export function isResetTokenInvalid(error: AppError): boolean {
  return error.reason === 'reset_token_invalid';
}

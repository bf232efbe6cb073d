import { transportError, type AppError } from '../../../shared/api/errors';
import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/designers';

/**
 * What a query hook reports as its error: the base query's AppError, or (when an answer could not
 * be read as a designer) RTK's serialized exception, which becomes a parse failure.
 */
export function toAppError(error: unknown): AppError {
  if (typeof error === 'object' && error !== null && 'kind' in error && 'message' in error) return error as AppError;
  const message = typeof error === 'object' && error !== null && 'message' in error ? String((error as { message: unknown }).message) : null;
  return transportError('parse', message);
}

/** A message for people plus the technical details the spec wants next to it. */
export interface ExplainedError {
  message: string;
  detail: string | null;
}

function withoutFinalStop(text: string): string {
  return text.trim().replace(/[.\s]+$/, '');
}

function isEmailTaken(error: AppError): boolean {
  const detail = error.detail ?? '';
  return (
    error.reason === 'email_taken' ||
    /already registered/i.test(detail) ||
    (/unique/i.test(detail) && /email/i.test(detail))
  );
}

function isUnreachable(error: AppError): boolean {
  return error.kind === 'network' || error.kind === 'timeout';
}

/** Registration failures (designer spec, section 8), in English as the spec keeps them. */
export function registrationErrorText(error: AppError): string {
  if (isEmailTaken(error)) return t('designers.register.emailTaken');
  if (isUnreachable(error)) return t('designers.register.network');
  return t('designers.register.failed', { detail: withoutFinalStop(error.detail ?? error.message) });
}

/** Failures of registration through Google. */
export function googleRegistrationErrorText(error: AppError): string {
  if (isEmailTaken(error)) return t('designers.register.emailTaken');
  if (isUnreachable(error)) return t('designers.register.network');
  return t('designers.register.googleFailed', { message: withoutFinalStop(error.detail ?? error.message) });
}

/** Profile update failures by cause (designer spec, section 8), with the server's details. */
export function profileUpdateError(error: AppError): ExplainedError {
  const detail = error.detail ?? (error.kind === 'http' ? null : error.message);
  if (isEmailTaken(error) || (error.status === 409 && /email/i.test(error.detail ?? ''))) {
    return { message: t('designers.update.emailTaken'), detail };
  }
  if (error.status === 401) return { message: t('designers.update.auth'), detail };
  // The pictures on screen are not the ones the server holds (changed from another device, or a
  // stale copy): nothing the person typed is wrong, so say what happened and how to go on.
  if (error.reason === 'gallery_image_unknown' || error.reason === 'profile_picture_unknown') {
    return { message: t('designers.update.picturesChanged'), detail };
  }
  // A picture the server could not take (too large, not an image): its own Italian message.
  if (error.status === 413 || error.status === 415) return { message: error.message, detail };
  if (error.status === 400 || error.status === 422) return { message: t('designers.update.invalid'), detail };
  if (error.status === 404) return { message: t('designers.update.notFound'), detail };
  return { message: t('designers.update.failed'), detail: detail ?? error.message };
}

/** Account deletion failure, with details. */
export function deletionError(error: AppError): ExplainedError {
  return { message: t('designers.delete.failed'), detail: error.detail ?? error.message };
}

/**
 * The portfolio's load error: 'Designer not found: {status}', else 'Error loading designer'; when
 * nothing answered (offline, network, timeout), the app's Italian message for it.
 */
export function portfolioLoadError(error: AppError): string {
  if (error.status !== null) return t('designers.portfolio.loadStatus', { status: error.status });
  return isUnreachable(error) ? error.message : t('designers.portfolio.loadFailed');
}

/**
 * The public profile's load error: the server's message, else 'Errore HTTP: {status}', else
 * 'Errore sconosciuto'; when nothing answered (offline, network, timeout), the app's Italian
 * message for it. Only a server's answer supplies a message: never the browser's own error text.
 */
export function profileLoadError(error: AppError): string {
  if (isUnreachable(error)) return error.message;
  if (error.kind !== 'http') return t('designers.profile.unknownError');
  if (error.detail) return error.detail;
  if (error.status !== null) return t('designers.profile.httpError', { status: error.status });
  return t('designers.profile.unknownError');
}

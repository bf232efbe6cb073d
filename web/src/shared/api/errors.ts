import { t } from '../i18n/t';

/** Where a failure came from: the server answered (http), or it could not be reached. */
export type AppErrorKind = 'http' | 'network' | 'timeout' | 'parse';

/** One invalid field from a validation answer; detail is the server's English text. */
export interface FieldError {
  field: string;
  detail: string;
}

/**
 * The one error shape screens receive. `message` is Italian and safe to show; `detail` keeps the
 * server's English text for logs and for the few alerts the spec keeps in English.
 */
export interface AppError {
  kind: AppErrorKind;
  status: number | null;
  reason: string | null;
  message: string;
  detail: string | null;
  fields: FieldError[];
  retryAfterSeconds: number | null;
  extra: Record<string, unknown>;
}

/** Machine reasons the API sends (adapters/httpapi), mapped to Italian before falling back to the status. */
const REASON_MESSAGES: Readonly<Record<string, (extra: Readonly<Record<string, unknown>>) => string>> = {
  validation: () => t('error.validation'),
  bad_body: () => t('error.badRequest'),
  invalid_credentials: () => t('error.invalidCredentials'),
  not_authenticated: () => t('error.unauthorized'),
  token_invalid: () => t('error.unauthorized'),
  admin_required: () => t('error.forbidden'),
  designer_required: () => t('error.forbidden'),
  email_taken: () => t('error.emailTaken'),
  duplicate: () => t('error.conflict'),
  slot_taken: () => t('error.slotTaken'),
  slot_unavailable: () => t('error.slotTaken'),
  booking_limit: () => t('appointments.book.limit'),
  image_format: () => t('error.imageFormat'),
  image_too_large: () => t('error.imageTooLarge'),
  body_too_large: () => t('error.tooLarge'),
  reset_token_invalid: () => t('error.resetTokenInvalid'),
  not_found: () => t('error.notFound'),
  user_not_found: () => t('error.notFound'),
  busy: () => t('error.busy'),
  idempotency_in_progress: () => t('error.inFlight'),
  idempotency_key_reused: () => t('error.keyReused'),
  email_throttled: () => t('engagement.error.throttled'),
  // abuse resistance (docs/abuse.md)
  control_character: () => t('error.controlCharacter'),
  pixel_budget: () => t('error.pixelBudget'),
  image_busy: () => t('error.imageBusy'),
  lead_token_required: () => t('error.leadToken'),
  lead_token_invalid: () => t('error.leadToken'),
  foreign_url: () => t('engagement.error.foreignUrl'),
  designer_not_found: () => t('engagement.error.designerNotFound'),
  // messaging
  empty_message: () => t('chat.contact.empty'),
  too_long: () => t('chat.contact.tooLong', { max: 5000 }),
  contact_not_found: () => t('chat.error.contactNotFound'),
  own_profile: () => t('chat.error.ownProfile'),
  client_id_reused: () => t('chat.error.clientIdReused'),
  message_in_flight: () => t('error.inFlight'),
  invalid_status: () => t('error.validation'),
  // A new week that leaves out upcoming bookings: say how many (the screen lists them from extra.conflicts).
  availability_conflict: (extra) =>
    t('error.availabilityConflict', { count: Array.isArray(extra.conflicts) ? Math.max(1, extra.conflicts.length) : 1 }),
  call_not_started: () => t('error.callNotStarted'),
  // An appointment action the current status no longer allows (say, cancelling a request the
  // designer confirmed meanwhile): name the status it has now.
  invalid_transition: (extra) => {
    const status = APPOINTMENT_STATUS_WORDS[String(extra.status ?? '')];
    return status ? t('error.invalidTransitionStatus', { status }) : t('error.invalidTransition');
  },
};

const APPOINTMENT_STATUS_WORDS: Readonly<Record<string, string>> = {
  pending: 'in attesa',
  confirmed: 'confermato',
  completed: 'completato',
  cancelled: 'annullato',
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fieldName(loc: unknown): string {
  if (!Array.isArray(loc)) return '';
  const parts = loc.filter((part): part is string | number => typeof part === 'string' || typeof part === 'number');
  const withoutPlace = parts.length > 1 && (parts[0] === 'body' || parts[0] === 'query' || parts[0] === 'path') ? parts.slice(1) : parts;
  return withoutPlace.map(String).join('.');
}

/** Reads `detail` whether it is a string, a list of {loc, msg} or an object. */
export function readDetail(detail: unknown): { text: string | null; fields: FieldError[] } {
  if (typeof detail === 'string') return { text: detail, fields: [] };
  if (Array.isArray(detail)) {
    const fields: FieldError[] = [];
    const texts: string[] = [];
    for (const item of detail) {
      if (typeof item === 'string') {
        texts.push(item);
      } else if (isRecord(item)) {
        const msg = typeof item.msg === 'string' ? item.msg : typeof item.message === 'string' ? item.message : '';
        if (msg) texts.push(msg);
        const field = fieldName(item.loc);
        if (field) fields.push({ field, detail: msg });
      }
    }
    return { text: texts.length > 0 ? texts.join('; ') : null, fields };
  }
  if (isRecord(detail)) {
    for (const name of ['msg', 'message', 'error', 'detail']) {
      const value = detail[name];
      if (typeof value === 'string') return { text: value, fields: [] };
    }
    return { text: JSON.stringify(detail), fields: [] };
  }
  return { text: null, fields: [] };
}

/** Retry-After is either seconds or an HTTP date. */
export function parseRetryAfter(header: string | null | undefined, now: number = Date.now()): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return null;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

/** The Italian sentence for a status and an optional machine reason. */
export function italianMessage(
  status: number,
  reason: string | null,
  retryAfterSeconds: number | null,
  extra: Readonly<Record<string, unknown>> = {},
): string {
  const byReason = reason ? REASON_MESSAGES[reason] : undefined;
  if (byReason) return byReason(extra);
  if (status === 429 || reason === 'throttled') {
    return retryAfterSeconds !== null && retryAfterSeconds > 0
      ? t('error.rateLimited', { count: retryAfterSeconds })
      : t('error.rateLimitedSoon');
  }
  switch (status) {
    case 400:
      return t('error.badRequest');
    case 401:
      return t('error.unauthorized');
    case 403:
      return t('error.forbidden');
    case 404:
      return t('error.notFound');
    case 408:
      return t('error.timeout');
    case 409:
      return t('error.conflict');
    case 413:
      return t('error.tooLarge');
    case 415:
      return t('error.unsupportedMedia');
    case 422:
      return t('error.validation');
    default:
      if (status >= 500) return t('error.server');
      return t('error.unknown');
  }
}

/** Builds the AppError for an HTTP answer from its status, parsed body and Retry-After header. */
export function httpError(status: number, body: unknown, retryAfterHeader: string | null = null, now?: number): AppError {
  const record = isRecord(body) ? body : {};
  const { text, fields } = readDetail(record.detail ?? (typeof body === 'string' && body.trim() ? body : undefined));
  const reason = typeof record.reason === 'string' ? record.reason : null;
  const retryAfterSeconds = parseRetryAfter(retryAfterHeader, now);
  const extra: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(record)) {
    if (name !== 'detail' && name !== 'reason') extra[name] = value;
  }
  return {
    kind: 'http',
    status,
    reason,
    message: italianMessage(status, reason, retryAfterSeconds, extra),
    detail: text,
    fields,
    retryAfterSeconds,
    extra,
  };
}

function browserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/**
 * The AppError for a request that never got an answer. When nothing answered (network, timeout),
 * `cause` is the browser's own English text ("TypeError: Failed to fetch"): it is kept in
 * extra.cause for logs, never in `detail`, which screens show as the server's words. The message
 * says "you are offline" when the browser knows it, else that the server could not be reached.
 */
export function transportError(kind: Exclude<AppErrorKind, 'http'>, cause: string | null = null): AppError {
  if (kind === 'parse') {
    return { kind, status: null, reason: null, message: t('error.server'), detail: cause, fields: [], retryAfterSeconds: null, extra: {} };
  }
  const message = browserOffline() ? t('error.onlineOnly') : kind === 'timeout' ? t('error.timeout') : t('error.network');
  const extra: Record<string, unknown> = cause ? { cause } : {};
  return { kind, status: null, reason: null, message, detail: null, fields: [], retryAfterSeconds: null, extra };
}

/** True for failures where a cached copy or a later retry makes sense (no answer, or the server is down). */
export function isUnreachable(error: AppError): boolean {
  return error.kind === 'network' || error.kind === 'timeout' || (error.status !== null && error.status >= 502 && error.status <= 504);
}

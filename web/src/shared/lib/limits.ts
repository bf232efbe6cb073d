import type { AppError, FieldError } from '../api/errors';
import { t } from '../i18n/t';
import '../i18n/parts/limits';

/**
 * The longest values the server accepts, for every form in one place: core/identity/user.go
 * (MaxNameLength, MaxEmailLength, MaxPasswordLength, MaxLocationLength) and core/designers
 * (designer.go: name, city, phone, MaxBioLength, MaxURLLength; service.go: password). Inputs take
 * them as maxLength, so nobody can type more than is accepted. The server counts names, cities,
 * locations and the bio in characters, the password, phone and links in bytes, while maxLength
 * counts UTF-16 units: a value of accented letters can still be refused, and tooLongMessage then
 * puts the refusal on its field in Italian.
 */
export const MAX_LENGTH = {
  name: 120,
  email: 254,
  password: 256,
  location: 120,
  city: 120,
  phone: 40,
  bio: 4000,
  link: 500,
} as const;

export type LimitedValue = keyof typeof MAX_LENGTH;

const TOO_LONG_KEY = {
  name: 'limits.tooLong.name',
  email: 'limits.tooLong.email',
  password: 'limits.tooLong.password',
  location: 'limits.tooLong.location',
  city: 'limits.tooLong.city',
  phone: 'limits.tooLong.phone',
  bio: 'limits.tooLong.bio',
  link: 'limits.tooLong.link',
} as const satisfies Record<LimitedValue, string>;

/** The API's field names (a validation answer's loc) and the limit each one has. */
const LIMIT_OF_FIELD: Readonly<Record<string, LimitedValue>> = {
  name: 'name',
  email: 'email',
  password: 'password',
  location: 'location',
  city: 'city',
  phone: 'phone',
  bio: 'bio',
  website: 'link',
  portfolio: 'link',
  social_instagram: 'link',
  social_facebook: 'link',
  social_youtube: 'link',
  social_tiktok: 'link',
  social_website: 'link',
};

/**
 * The Italian message for a field the server refused as too long ("Name is too long (max 120
 * characters)" under loc [..., "name"]), else null.
 */
export function tooLongMessage(field: FieldError): string | null {
  const limit = LIMIT_OF_FIELD[field.field];
  if (limit === undefined || !/too long/i.test(field.detail)) return null;
  return t(TOO_LONG_KEY[limit], { max: MAX_LENGTH[limit] });
}

/** Every field of a validation answer refused as too long, with its Italian message. */
export function tooLongFields(error: AppError): Partial<Record<string, string>> {
  const out: Partial<Record<string, string>> = {};
  for (const field of error.fields) {
    const message = tooLongMessage(field);
    if (message !== null && out[field.field] === undefined) out[field.field] = message;
  }
  return out;
}

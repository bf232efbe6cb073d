import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/auth';

/** The minimum password length (server and client agree; customer spec, section 5). */
export const MIN_PASSWORD_LENGTH = 8;

/** A simple address pattern: something@something.tld, no spaces. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

export interface LoginValues {
  email: string;
  password: string;
}

export interface RegisterValues {
  name: string;
  email: string;
  password: string;
  confirm: string;
}

/** Field name to Italian message; empty when the values may be sent. */
export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** A form-level message plus per-field messages. */
export interface FormCheck<K extends string> {
  form: string | null;
  fields: FieldErrors<K>;
}

export function hasErrors<K extends string>(check: FormCheck<K>): boolean {
  return check.form !== null || Object.keys(check.fields).length > 0;
}

/** Login: both fields are needed, the e-mail must look like one. */
export function checkLogin(values: LoginValues): FormCheck<keyof LoginValues> {
  const fields: FieldErrors<keyof LoginValues> = {};
  if (values.email.trim() === '') fields.email = t('auth.validation.emailRequired');
  else if (!isEmail(values.email)) fields.email = t('auth.validation.emailFormat');
  if (values.password === '') fields.password = t('auth.validation.passwordRequired');
  return { form: null, fields };
}

/**
 * Registration on the login page (customer spec, section 5): name, email and password required
 * ('Per favore compila tutti i campi richiesti.'); password at least 8 characters; confirmation
 * required ('Per favore conferma la tua password.') and equal to the password.
 */
export function checkRegister(values: RegisterValues): FormCheck<keyof RegisterValues> {
  const fields: FieldErrors<keyof RegisterValues> = {};
  const missing = values.name.trim() === '' || values.email.trim() === '' || values.password === '';
  if (missing) {
    if (values.name.trim() === '') fields.name = t('auth.validation.nameRequired');
    if (values.email.trim() === '') fields.email = t('auth.validation.emailRequired');
    if (values.password === '') fields.password = t('auth.validation.passwordRequired');
    return { form: t('auth.register.missingFields'), fields };
  }
  if (!isEmail(values.email)) fields.email = t('auth.validation.emailFormat');
  if (values.password.length < MIN_PASSWORD_LENGTH) fields.password = t('auth.validation.passwordShort');
  if (values.confirm === '') return { form: t('auth.register.confirmRequired'), fields: { ...fields, confirm: t('auth.register.confirmRequired') } };
  if (values.confirm !== values.password) fields.confirm = t('auth.validation.passwordMismatch');
  return { form: null, fields };
}

/** The new password on /reset-password: at least 8 characters, typed twice the same. */
export function checkNewPassword(password: string, confirm: string): FieldErrors<'password' | 'confirm'> {
  const fields: FieldErrors<'password' | 'confirm'> = {};
  if (password === '') fields.password = t('auth.validation.passwordRequired');
  else if (password.length < MIN_PASSWORD_LENGTH) fields.password = t('auth.validation.passwordShort');
  if (confirm === '') fields.confirm = t('auth.register.confirmRequired');
  else if (confirm !== password) fields.confirm = t('auth.validation.passwordMismatch');
  return fields;
}

/**
 * The messages still true of the fields already marked, for re-checking while the person types: a
 * field's message goes as soon as it is corrected (or changes to what is still wrong), and no new
 * message appears under a field nobody has been told about yet.
 */
export function stillWrong<K extends string>(shown: FieldErrors<K>, fresh: FieldErrors<K>): FieldErrors<K> {
  const out: FieldErrors<K> = {};
  for (const key of Object.keys(shown) as K[]) {
    const message = fresh[key];
    if (message !== undefined) out[key] = message;
  }
  return out;
}

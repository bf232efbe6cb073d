import type { Schemas } from '../../../shared/api/contract';
import { externalUrl, socialLink, type SocialPlatform } from '../../../shared/lib/links';
import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/designers';
import { MAX_EXPERIENCE, MIN_BUDGET, type Designer, type WorkMode } from './designer';
import type { StyleCode } from '../../../shared/lib/designStyles';

/** The profile fields a designer fills in at registration and changes in the edit modal. */
export interface ProfileForm {
  name: string;
  email: string;
  phone: string;
  city: string;
  bio: string;
  website: string;
  portfolio: string;
  social_instagram: string;
  social_facebook: string;
  social_youtube: string;
  social_tiktok: string;
  specialties: string[];
  design_style: StyleCode | '';
  prima_proposta: string;
  work_preferences: WorkMode[];
}

export interface RegistrationForm extends ProfileForm {
  privacy_consent: boolean;
}

/** The edit modal adds experience and minimum budget, typed as text until checked. */
export interface EditForm extends ProfileForm {
  experience: string;
  min_budget: string;
}

export type FormField = keyof RegistrationForm | keyof EditForm;

/** One failed check: the field it is about and the message to show (the spec's English alerts). */
export interface FormError {
  field: FormField;
  message: string;
}

export const EMPTY_PROFILE: ProfileForm = {
  name: '',
  email: '',
  phone: '',
  city: '',
  bio: '',
  website: '',
  portfolio: '',
  social_instagram: '',
  social_facebook: '',
  social_youtube: '',
  social_tiktok: '',
  specialties: [],
  design_style: '',
  prima_proposta: '',
  work_preferences: [],
};

export const EMPTY_REGISTRATION: RegistrationForm = { ...EMPTY_PROFILE, privacy_consent: false };

const EMAIL = /^[^\s@<>,;]+@[^\s@<>,;]+\.[^\s@<>,;]{2,}$/;

const SOCIAL_FIELDS: readonly [keyof ProfileForm, SocialPlatform][] = [
  ['social_instagram', 'instagram'],
  ['social_facebook', 'facebook'],
  ['social_youtube', 'youtube'],
  ['social_tiktok', 'tiktok'],
];

/** The checks registration and edits share, in the order the form shows its fields. */
function profileErrors(form: ProfileForm): FormError[] {
  const errors: FormError[] = [];
  if (form.name.trim() === '') errors.push({ field: 'name', message: t('designers.alert.name') });
  if (form.email.trim() === '') errors.push({ field: 'email', message: t('designers.alert.email') });
  else if (!EMAIL.test(form.email.trim())) errors.push({ field: 'email', message: t('designers.alert.emailFormat') });
  if (form.city.trim() === '') errors.push({ field: 'city', message: t('designers.alert.city') });
  if (form.bio.trim() === '') errors.push({ field: 'bio', message: t('designers.alert.bio') });
  if (form.design_style === '') errors.push({ field: 'design_style', message: t('designers.alert.designStyle') });
  if (form.specialties.length === 0) errors.push({ field: 'specialties', message: t('designers.alert.specialties') });
  if (form.prima_proposta === '') errors.push({ field: 'prima_proposta', message: t('designers.alert.primaProposta') });
  if (form.work_preferences.length === 0) errors.push({ field: 'work_preferences', message: t('designers.alert.workPreferences') });
  for (const field of ['website', 'portfolio'] as const) {
    if (form[field].trim() !== '' && externalUrl(form[field]) === null) errors.push({ field, message: t('designers.alert.link') });
  }
  for (const [field, platform] of SOCIAL_FIELDS) {
    const value = form[field];
    if (typeof value === 'string' && value.trim() !== '' && socialLink(platform, value) === null) {
      errors.push({ field, message: t('designers.alert.link') });
    }
  }
  return errors;
}

/** Registration checks (designer spec, section 5); empty when the form may go on to the password step. */
export function validateRegistration(form: RegistrationForm): FormError[] {
  const errors = profileErrors(form);
  if (!form.privacy_consent) errors.push({ field: 'privacy_consent', message: t('designers.alert.privacy') });
  return errors;
}

/** Whole years, digits only. */
function wholeNumber(value: string): number | null {
  const trimmed = value.trim();
  return /^\d{1,9}$/.test(trimmed) ? Number(trimmed) : null;
}

/** Edit checks: the registration checks plus experience and a minimum budget of €300. */
export function validateEdit(form: EditForm): FormError[] {
  const errors = profileErrors(form);
  const experience = wholeNumber(form.experience);
  if (form.experience.trim() === '') errors.push({ field: 'experience', message: t('designers.alert.experience') });
  else if (experience === null || experience > MAX_EXPERIENCE) errors.push({ field: 'experience', message: t('designers.alert.experienceRange') });
  const budget = wholeNumber(form.min_budget);
  if (budget === null || budget < MIN_BUDGET) errors.push({ field: 'min_budget', message: t('designers.alert.minBudget') });
  return errors;
}

/** The first message for each field, for showing next to it. */
export function errorsByField(errors: readonly FormError[]): Partial<Record<FormField, string>> {
  const out: Partial<Record<FormField, string>> = {};
  for (const error of errors) out[error.field] ??= error.message;
  return out;
}

/** Password step rules: at least 8 characters, and the confirmation must match. */
export const MIN_PASSWORD_LENGTH = 8;

export interface PasswordCheck {
  /** 'La password deve contenere almeno 8 caratteri' once something is typed and it is too short. */
  passwordError: string | null;
  /** 'Le password non corrispondono' once a confirmation is typed and it differs. */
  confirmError: string | null;
  /** Submit is enabled only when both rules hold. */
  valid: boolean;
}

export function checkPassword(password: string, confirmation: string): PasswordCheck {
  const longEnough = password.length >= MIN_PASSWORD_LENGTH;
  const matches = password === confirmation;
  return {
    passwordError: password !== '' && !longEnough ? t('designers.password.tooShort') : null,
    confirmError: confirmation !== '' && !matches ? t('designers.password.mismatch') : null,
    valid: longEnough && matches,
  };
}

/** The profile as the API wants it: trimmed text, lists as lists. */
export function profilePayload(form: ProfileForm): Schemas['DesignerFields'] {
  return {
    name: form.name.trim(),
    email: form.email.trim(),
    phone: form.phone.trim(),
    city: form.city.trim(),
    bio: form.bio.trim(),
    website: form.website.trim(),
    portfolio: form.portfolio.trim(),
    social_instagram: form.social_instagram.trim(),
    social_facebook: form.social_facebook.trim(),
    social_youtube: form.social_youtube.trim(),
    social_tiktok: form.social_tiktok.trim(),
    specialties: [...form.specialties],
    design_style: form.design_style,
    prima_proposta: form.prima_proposta,
    work_preferences: [...form.work_preferences],
  };
}

/** The edit form filled from a designer. */
export function editFormOf(designer: Designer): EditForm {
  return {
    name: designer.name,
    email: designer.email,
    phone: designer.phone,
    city: designer.city,
    bio: designer.bio,
    website: designer.website !== '' ? designer.website : designer.social_website,
    portfolio: designer.portfolio,
    social_instagram: designer.social_instagram,
    social_facebook: designer.social_facebook,
    social_youtube: designer.social_youtube,
    social_tiktok: designer.social_tiktok,
    specialties: [...designer.specialties],
    design_style: designer.design_style,
    prima_proposta: designer.prima_proposta,
    work_preferences: [...designer.work_preferences],
    experience: String(designer.experience),
    min_budget: String(designer.min_budget),
  };
}

/** The edit as the API wants it: the profile plus experience and budget as numbers. */
export function editPayload(form: EditForm): Schemas['DesignerFields'] {
  return { ...profilePayload(form), experience: Number(form.experience.trim()), min_budget: Number(form.min_budget.trim()) };
}

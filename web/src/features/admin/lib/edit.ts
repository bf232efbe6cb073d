import type { PlainKey } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/admin';
import type { AdminDesignerEdit, AdminUserEdit } from '../api/adminApi';

/**
 * The admin edit forms: what the fields hold, the checks run before sending (the server runs the
 * owner's rules again), and the body, which carries only the fields that changed.
 */

export interface UserForm {
  name: string;
  email: string;
  location: string;
}

export interface DesignerForm {
  name: string;
  email: string;
  phone: string;
  city: string;
  bio: string;
  design_style: string;
  prima_proposta: string;
  experience: string;
  min_budget: string;
}

export type FormErrors<F> = Partial<Record<keyof F, PlainKey>>;

const EMAIL = /^[^\s@<>,;]+@[^\s@<>,;]+\.[^\s@<>,;]+$/;

function checkNameEmail(form: { name: string; email: string }): FormErrors<{ name: string; email: string }> {
  const errors: FormErrors<{ name: string; email: string }> = {};
  if (form.name.trim() === '') errors.name = 'admin.field.required';
  if (form.email.trim() === '') errors.email = 'admin.field.required';
  else if (!EMAIL.test(form.email.trim())) errors.email = 'admin.field.emailInvalid';
  return errors;
}

export function validateUserForm(form: UserForm): FormErrors<UserForm> {
  return checkNameEmail(form);
}

export function userFormOf(user: { name: string; email: string; location: string }): UserForm {
  return { name: user.name, email: user.email, location: user.location };
}

/** The changed fields, trimmed; the e-mail compared without case. */
export function userEditOf(original: UserForm, form: UserForm): AdminUserEdit {
  const edit: AdminUserEdit = {};
  if (form.name.trim() !== original.name.trim()) edit.name = form.name.trim();
  if (form.email.trim().toLowerCase() !== original.email.trim().toLowerCase()) edit.email = form.email.trim();
  if (form.location.trim() !== original.location.trim()) edit.location = form.location.trim();
  return edit;
}

export function designerFormOf(d: {
  name: string;
  email: string;
  phone: string;
  city: string;
  bio: string;
  design_style: string;
  prima_proposta: string;
  experience: number;
  min_budget: number;
}): DesignerForm {
  return {
    name: d.name,
    email: d.email,
    phone: d.phone,
    city: d.city,
    bio: d.bio,
    design_style: d.design_style,
    prima_proposta: d.prima_proposta,
    experience: String(d.experience),
    min_budget: String(d.min_budget),
  };
}

function wholeNumber(value: string): number | null {
  return /^\d+$/.test(value.trim()) ? Number(value.trim()) : null;
}

export function validateDesignerForm(form: DesignerForm): FormErrors<DesignerForm> {
  const errors: FormErrors<DesignerForm> = checkNameEmail(form);
  for (const field of ['city', 'bio', 'design_style', 'prima_proposta'] as const) {
    if (form[field].trim() === '') errors[field] = 'admin.field.required';
  }
  const experience = wholeNumber(form.experience);
  if (experience === null || experience > 70) errors.experience = 'admin.field.experienceRange';
  const budget = wholeNumber(form.min_budget);
  if (budget === null || budget < 300) errors.min_budget = 'admin.field.minBudgetLow';
  return errors;
}

/** The changed fields; numbers sent as numbers. */
export function designerEditOf(original: DesignerForm, form: DesignerForm): AdminDesignerEdit {
  const edit: AdminDesignerEdit = {};
  for (const field of ['name', 'phone', 'city', 'bio', 'design_style', 'prima_proposta'] as const) {
    if (form[field].trim() !== original[field].trim()) edit[field] = form[field].trim();
  }
  if (form.email.trim().toLowerCase() !== original.email.trim().toLowerCase()) edit.email = form.email.trim();
  if (form.experience.trim() !== original.experience.trim()) edit.experience = Number(form.experience.trim());
  if (form.min_budget.trim() !== original.min_budget.trim()) edit.min_budget = Number(form.min_budget.trim());
  return edit;
}

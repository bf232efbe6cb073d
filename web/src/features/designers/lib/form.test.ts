import { describe, expect, it } from 'vitest';
import { checkPassword, EMPTY_REGISTRATION, editFormOf, editPayload, validateEdit, validateRegistration, type RegistrationForm } from './form';
import { parseDesigner } from './designer';

const complete: RegistrationForm = {
  ...EMPTY_REGISTRATION,
  name: 'Chiara Galli',
  email: 'chiara@example.com',
  city: ' Bari ',
  bio: 'Interni mediterranei, luce e materiali naturali.',
  specialties: ['Mediterraneo'],
  design_style: 'E',
  prima_proposta: '5-7 giorni',
  work_preferences: ['in-person'],
  privacy_consent: true,
};

const messages = (form: RegistrationForm) => validateRegistration(form).map((error) => error.message);

describe('validateRegistration', () => {
  it('accepts a complete form; phone, links and pictures are optional', () => {
    expect(validateRegistration(complete)).toEqual([]);
  });

  it('gives the spec English alerts for every missing field, in form order', () => {
    expect(messages(EMPTY_REGISTRATION)).toEqual([
      'Please enter your name',
      'Please enter your email',
      'Please enter your city',
      'Please write a short bio',
      'Please choose your design style',
      'Please select at least one style',
      'Please select your proposal timeframe',
      'Please select at least one way of working',
      'Please agree to the privacy policy',
    ]);
  });

  const alone: [string, Partial<RegistrationForm>, string][] = [
    ['name', { name: '   ' }, 'Please enter your name'],
    ['email', { email: '' }, 'Please enter your email'],
    ['specialties', { specialties: [] }, 'Please select at least one style'],
    ['prima_proposta', { prima_proposta: '' }, 'Please select your proposal timeframe'],
    ['privacy_consent', { privacy_consent: false }, 'Please agree to the privacy policy'],
    ['city', { city: '  ' }, 'Please enter your city'],
  ];
  it.each(alone)('flags %s alone', (field, patch, message) => {
    expect(validateRegistration({ ...complete, ...patch })).toEqual([{ field, message }]);
  });

  it('checks the e-mail shape and the links', () => {
    expect(messages({ ...complete, email: 'chiara@' })).toEqual(['Please enter a valid email address']);
    expect(messages({ ...complete, website: 'il mio sito' })).toEqual(['Please enter a valid web address or username']);
    expect(messages({ ...complete, social_instagram: '@studio.luce', website: 'studio.it', portfolio: 'https://behance.net/x' })).toEqual([]);
  });
});

describe('validateEdit', () => {
  const designer = parseDesigner({
    id: 3, name: 'Chiara', email: 'c@example.com', city: 'Bari', bio: 'Bio', specialties: '["Rustico"]', design_style: 'E',
    prima_proposta: '7-15 giorni', work_preferences: ['online'], experience: 4, min_budget: 300,
  });
  if (!designer) throw new Error('fixture');
  const form = editFormOf(designer);

  it('accepts the current profile', () => {
    expect(validateEdit(form)).toEqual([]);
  });

  it('requires experience and a budget of at least €300', () => {
    expect(validateEdit({ ...form, experience: '' }).map((e) => e.message)).toEqual(['Please enter your years of experience']);
    expect(validateEdit({ ...form, experience: '-1' }).map((e) => e.field)).toEqual(['experience']);
    expect(validateEdit({ ...form, experience: '71' }).map((e) => e.field)).toEqual(['experience']);
    expect(validateEdit({ ...form, min_budget: '299' }).map((e) => e.message)).toEqual(['Minimum budget must be at least €300']);
    expect(validateEdit({ ...form, min_budget: '' }).map((e) => e.message)).toEqual(['Minimum budget must be at least €300']);
    expect(validateEdit({ ...form, min_budget: '300' })).toEqual([]);
  });

  it('keeps the registration checks', () => {
    expect(validateEdit({ ...form, specialties: [], bio: ' ' }).map((e) => e.field)).toEqual(['bio', 'specialties']);
  });

  it('sends numbers and trimmed text', () => {
    expect(editPayload({ ...form, experience: ' 12 ', min_budget: '1500', city: ' Lecce ' })).toMatchObject({
      experience: 12, min_budget: 1500, city: 'Lecce', specialties: ['Rustico'], work_preferences: ['online'],
    });
  });
});

describe('checkPassword', () => {
  it('enables submit only with 8 characters and a matching confirmation', () => {
    expect(checkPassword('', '')).toEqual({ passwordError: null, confirmError: null, valid: false });
    expect(checkPassword('short', '')).toMatchObject({ passwordError: 'La password deve contenere almeno 8 caratteri', valid: false });
    expect(checkPassword('lungapassword', 'lungapasswor')).toMatchObject({ confirmError: 'Le password non corrispondono', valid: false });
    expect(checkPassword('12345678', '12345678')).toEqual({ passwordError: null, confirmError: null, valid: true });
  });
});

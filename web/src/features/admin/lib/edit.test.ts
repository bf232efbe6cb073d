import '../../../shared/i18n/parts/admin';
import { describe, expect, it } from 'vitest';
import { designerEditOf, designerFormOf, userEditOf, validateDesignerForm, validateUserForm } from './edit';

const user = { name: 'Anna', email: 'anna@example.com', location: '' };
const designer = designerFormOf({
  name: 'Sofia',
  email: 'sofia@example.com',
  phone: '',
  city: 'Torino',
  bio: 'Bio',
  design_style: 'C',
  prima_proposta: '5-7 giorni',
  experience: 4,
  min_budget: 300,
});

describe('user edit', () => {
  it('sends only what changed, trimmed', () => {
    expect(userEditOf(user, { ...user, name: ' Anna B ', email: 'ANNA@example.com' })).toEqual({ name: 'Anna B' });
    expect(userEditOf(user, { ...user, location: 'Roma' })).toEqual({ location: 'Roma' });
    expect(userEditOf(user, user)).toEqual({});
  });
  it('requires a name and a valid e-mail', () => {
    expect(validateUserForm({ ...user, name: ' ' })).toEqual({ name: 'admin.field.required' });
    expect(validateUserForm({ ...user, email: 'anna@' })).toEqual({ email: 'admin.field.emailInvalid' });
    expect(validateUserForm(user)).toEqual({});
  });
});

describe('designer edit', () => {
  it('applies the owner edit rules: budget of at least 300, experience 0 to 70', () => {
    expect(validateDesignerForm(designer)).toEqual({});
    expect(validateDesignerForm({ ...designer, min_budget: '299' })).toEqual({ min_budget: 'admin.field.minBudgetLow' });
    expect(validateDesignerForm({ ...designer, experience: '71' })).toEqual({ experience: 'admin.field.experienceRange' });
    expect(validateDesignerForm({ ...designer, experience: '-1', city: '' })).toEqual({
      experience: 'admin.field.experienceRange',
      city: 'admin.field.required',
    });
  });
  it('sends changed numbers as numbers and nothing else', () => {
    expect(designerEditOf(designer, { ...designer, min_budget: '450', city: 'Milano ' })).toEqual({ min_budget: 450, city: 'Milano' });
    expect(designerEditOf(designer, designer)).toEqual({});
  });
});

import { describe, expect, it } from 'vitest';
import { httpError } from '../api/errors';
import { MAX_LENGTH, tooLongFields, tooLongMessage } from './limits';

describe('length limits', () => {
  it('match the server (core/identity/user.go, core/designers/designer.go)', () => {
    expect(MAX_LENGTH).toEqual({ name: 120, email: 254, password: 256, location: 120, city: 120, phone: 40, bio: 4000, link: 500 });
  });

  it('turn a "too long" refusal into an Italian message for its field', () => {
    expect(tooLongMessage({ field: 'name', detail: 'Name is too long (max 120 characters)' })).toBe('Il nome può contenere al massimo 120 caratteri.');
    expect(tooLongMessage({ field: 'location', detail: 'Location is too long (max 120 characters)' })).toBe(
      'La località può contenere al massimo 120 caratteri.',
    );
    expect(tooLongMessage({ field: 'password', detail: 'Password is too long (max 256 bytes)' })).toBe(
      'La password può contenere al massimo 256 caratteri.',
    );
    expect(tooLongMessage({ field: 'social_tiktok', detail: 'Link is too long (max 500 characters)' })).toBe('Il link può contenere al massimo 500 caratteri.');
  });

  it('leave other refusals and unknown fields alone', () => {
    expect(tooLongMessage({ field: 'name', detail: 'Please enter your name' })).toBeNull();
    expect(tooLongMessage({ field: 'designer_notes', detail: 'Notes are too long (max 2000 characters)' })).toBeNull();
  });

  it('read every too long field of a 422', () => {
    const error = httpError(422, {
      detail: [
        { loc: ['body', 'name'], msg: 'Name is too long (max 120 characters)' },
        { loc: ['body', 'email'], msg: 'Invalid email format' },
        { loc: ['body', 'location'], msg: 'Location is too long (max 120 characters)' },
      ],
      reason: 'validation',
    });
    expect(tooLongFields(error)).toEqual({
      name: 'Il nome può contenere al massimo 120 caratteri.',
      location: 'La località può contenere al massimo 120 caratteri.',
    });
  });
});

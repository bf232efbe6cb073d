import { describe, expect, it } from 'vitest';
import { checkLogin, checkNewPassword, checkRegister, hasErrors, isEmail } from './validation';
import { checkPhoto, checkProfile, MAX_PHOTO_BYTES } from './profileValidation';

const good = { name: 'Anna', email: 'anna@example.com', password: 'password1', confirm: 'password1' };

describe('checkRegister', () => {
  it('accepts a complete form', () => {
    expect(hasErrors(checkRegister(good))).toBe(false);
  });

  it('asks for every required field with the spec text', () => {
    for (const missing of ['name', 'email', 'password'] as const) {
      const check = checkRegister({ ...good, [missing]: missing === 'name' ? '   ' : '' });
      expect(check.form).toBe('Per favore compila tutti i campi richiesti.');
      expect(check.fields[missing]).toBeTruthy();
    }
  });

  it('wants at least 8 characters', () => {
    const check = checkRegister({ ...good, password: 'short7!', confirm: 'short7!' });
    expect(check.fields.password).toBe('La password deve contenere almeno 8 caratteri.');
    expect(hasErrors(checkRegister({ ...good, password: '12345678', confirm: '12345678' }))).toBe(false);
  });

  it('asks for the confirmation with the spec text, then wants it equal', () => {
    expect(checkRegister({ ...good, confirm: '' }).form).toBe('Per favore conferma la tua password.');
    expect(checkRegister({ ...good, confirm: 'password2' }).fields.confirm).toBe('Le password non coincidono.');
  });

  it('rejects a malformed e-mail', () => {
    expect(checkRegister({ ...good, email: 'anna@' }).fields.email).toBe('Formato email non valido');
  });
});

describe('checkLogin and checkNewPassword', () => {
  it('needs both login fields', () => {
    expect(checkLogin({ email: '', password: '' }).fields).toEqual({ email: 'Inserisci il tuo indirizzo email', password: 'Inserisci la password.' });
    expect(hasErrors(checkLogin({ email: 'a@b.it', password: 'x' }))).toBe(false);
  });

  it('checks the new password and its confirmation', () => {
    expect(checkNewPassword('abc', 'abc').password).toBeTruthy();
    expect(checkNewPassword('abcdefgh', 'abcdefgX').confirm).toBe('Le password non coincidono.');
    expect(checkNewPassword('abcdefgh', 'abcdefgh')).toEqual({});
  });

  it('recognises addresses', () => {
    expect(isEmail(' a@b.it ')).toBe(true);
    expect(isEmail('a b@c.it')).toBe(false);
    expect(isEmail('ab.it')).toBe(false);
  });
});

describe('profile validation', () => {
  it('uses the spec texts for name and e-mail', () => {
    expect(checkProfile({ name: '', email: '', location: '' }, null)).toEqual({
      name: 'Il nome è obbligatorio',
      email: "L'email è obbligatoria",
    });
    expect(checkProfile({ name: 'A', email: 'nope', location: '' }, null).email).toBe('Formato email non valido');
    expect(checkProfile({ name: 'A', email: 'a@b.it', location: '' }, null)).toEqual({});
  });

  it('takes jpeg, png and gif up to 5 MB', () => {
    expect(checkPhoto({ name: 'a.jpg', type: 'image/jpeg', size: 10 })).toBeNull();
    expect(checkPhoto({ name: 'a.gif', type: 'image/gif', size: MAX_PHOTO_BYTES })).toBeNull();
    expect(checkPhoto({ name: 'a.png', type: '', size: 10 })).toBeNull();
    expect(checkPhoto({ name: 'a.webp', type: 'image/webp', size: 10 })).toBe('Formato immagine non supportato. Usa JPG, PNG o GIF');
    expect(checkPhoto({ name: 'a.pdf', type: '', size: 10 })).toBe('Formato immagine non supportato. Usa JPG, PNG o GIF');
    expect(checkPhoto({ name: 'a.jpg', type: 'image/jpeg', size: MAX_PHOTO_BYTES + 1 })).toBe("L'immagine è troppo grande. Massimo 5MB");
  });
});

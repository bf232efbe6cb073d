import { describe, expect, it } from 'vitest';
import { t } from '../../../shared/i18n/t';
import { initials, statusLook, thumbnail } from './status';

describe('statusLook', () => {
  it.each([
    ['pending', 'In attesa', 'orange'],
    ['confirmed', 'Confermato', 'green'],
    ['cancelled', 'Annullato', 'red'],
    ['completed', 'Completato', 'grey'],
    ['rescheduled', 'Sconosciuto', 'neutral'],
    ['', 'Sconosciuto', 'neutral'],
  ])('%s is shown as %s (%s)', (status, label, tone) => {
    const look = statusLook(status);
    expect(t(look.label)).toBe(label);
    expect(look.tone).toBe(tone);
  });
});

describe('initials and thumbnails', () => {
  it('takes up to two initials', () => {
    expect(initials('Anna Maria Neri')).toBe('AN');
    expect(initials('  sofia ')).toBe('S');
    expect(initials('')).toBe('?');
  });

  it('asks the resize endpoint for the small variant', () => {
    expect(thumbnail('/api/uploads/profile_pictures/a.jpg')).toBe('/api/images/resize/uploads/profile_pictures/a.jpg?size=small');
    expect(thumbnail('https://cdn.example/a.jpg')).toBe('https://cdn.example/a.jpg');
    expect(thumbnail('')).toBe('');
  });
});

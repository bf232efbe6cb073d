import { describe, expect, it } from 'vitest';
import { t } from '../../../shared/i18n/t';
import { statusLook } from './status';

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

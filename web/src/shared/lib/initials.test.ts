import { describe, expect, it } from 'vitest';
import { initials } from './initials';

describe('initials', () => {
  it('takes the first letter of the first name and of the surname', () => {
    expect(initials('Anna Maria Neri')).toBe('AN');
    expect(initials('chiara galli')).toBe('CG');
    expect(initials('Anna-Lisa Rossi')).toBe('AR');
  });

  it('starts a surname at its particles', () => {
    expect(initials('Marco De Luca')).toBe('MD');
    expect(initials('Giulia della Rovere')).toBe('GD');
    expect(initials('Anna Maria Di Lorenzo')).toBe('AD');
    expect(initials('Lo Bianco')).toBe('LB');
  });

  it('takes one letter for one word, whatever the spacing', () => {
    expect(initials('  sofia ')).toBe('S');
    expect(initials('Chiara\tGalli\n')).toBe('CG');
  });

  it('takes letters and digits only, in any alphabet, upper-cased the Italian way', () => {
    expect(initials("  élodie   d'Amico ")).toBe('ÉD');
    expect(initials('(Studio) Luce')).toBe('SL');
    expect(initials('Studio 54')).toBe('S5');
    expect(initials('Luca — Bianchi')).toBe('LB');
  });

  it('gives nothing for a name without letters', () => {
    expect(initials('')).toBe('');
    expect(initials('   ')).toBe('');
    expect(initials('— ...')).toBe('');
  });
});

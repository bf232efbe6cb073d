import { describe, expect, it } from 'vitest';
import { designerStyleLabel, isStyleCode, STYLE_CODES, styleDescription, styleLabel, styleSummary } from './designStyles';

describe('design styles', () => {
  it('knows the five codes A to E and nothing else', () => {
    expect(STYLE_CODES).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(STYLE_CODES.every(isStyleCode)).toBe(true);
    expect(['', 'a', 'F', 'AB', 1, null].some(isStyleCode)).toBe(false);
  });

  it('names the five codes the customer way and the designer way, as the specs give them', () => {
    expect(STYLE_CODES.map(styleLabel)).toEqual([
      'Eclettico Creativo', 'Elegante Classico', 'Minimal Contemporaneo', 'Industriale Urbano', 'Naturale Mediterraneo',
    ]);
    expect(STYLE_CODES.map(designerStyleLabel)).toEqual([
      'Eclettico e creativo', 'Elegante e classico', 'Minimal e contemporaneo', 'Industriale e urbano', 'Naturale e mediterraneo',
    ]);
    expect(styleLabel('Z')).toBe('Z');
  });

  it('describes each style in one line and at length', () => {
    expect(styleSummary('C')).toBe('Linee pulite, luce naturale e solo ciò che serve.');
    expect(styleDescription('D')).toMatch(/^Ti attirano metallo, mattoni a vista/);
    for (const code of STYLE_CODES) {
      expect(styleSummary(code)).not.toBe('');
      expect(styleDescription(code)).not.toBe(styleSummary(code));
    }
    expect(styleDescription('Z')).toBe('');
  });
});

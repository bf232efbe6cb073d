import { describe, expect, it } from 'vitest';
import { readStyleAnalysis, parseProfile } from './account';
import { styleBars } from './styles';

describe('style profile', () => {
  it('draws five bars in order, clamped and rounded, missing codes at 0', () => {
    expect(styleBars({ C: 57.4, A: 120, E: -3 }).map((b) => [b.code, b.percent])).toEqual([
      ['A', 100], ['B', 0], ['C', 57], ['D', 0], ['E', 0],
    ]);
  });

  it('reads style_analysis as an object or a JSON string', () => {
    const analysis = { dominant_style: 'C', style_percentages: { C: 60, A: 40 } };
    expect(readStyleAnalysis(analysis)).toEqual(analysis);
    expect(readStyleAnalysis(JSON.stringify(analysis))).toEqual(analysis);
    expect(readStyleAnalysis('not json')).toBeNull();
    expect(readStyleAnalysis(null)).toBeNull();
  });

  it('parses a profile answer and refuses one without a user', () => {
    const profile = parseProfile({ user: { id: 4, name: 'Anna', email: 'a@b.it', role: 'user', location: 'Roma', style_analysis: null }, designer: null, matched_designers: [] });
    expect(profile.user).toMatchObject({ id: 4, name: 'Anna', location: 'Roma', style_analysis: null });
    expect(profile.has_designer).toBe(false);
    expect(() => parseProfile({ user: null })).toThrow();
  });
});

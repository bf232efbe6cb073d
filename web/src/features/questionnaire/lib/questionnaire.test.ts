import '../../../shared/i18n/parts/matching';
import { describe, expect, it } from 'vitest';
import type { StyleCode } from '../../../shared/lib/designStyles';
import { chosenOptions, orderedShares, parseAnalysis, parseQuestionnaire, scoreOptions } from './questionnaire';
import { matchLine, matchingFailureKey, parseMatchPage, type MatchPage } from '../../matching/lib/matches';

const pick = (...codes: StyleCode[]) => codes.map((style) => ({ style }));
const sum = (r: Record<string, number>) => Object.values(r).reduce((a, b) => a + b, 0);

describe('scoreOptions (same rule as core/matching.Score)', () => {
  it('gives 100% to a single style', () => {
    const a = scoreOptions(pick('C', 'C', 'C', 'C', 'C', 'C', 'C'));
    expect(a).toEqual({ dominant_style: 'C', style_percentages: { A: 0, B: 0, C: 100, D: 0, E: 0 } });
  });

  it('rounds by largest remainder so shares sum to exactly 100', () => {
    expect(scoreOptions(pick('C', 'E', 'C', 'E', 'C', 'E', 'C')).style_percentages).toEqual({ A: 0, B: 0, C: 57, D: 0, E: 43 });
    expect(scoreOptions(pick('A', 'B', 'D', 'B', 'D', 'C', 'E')).style_percentages).toEqual({ A: 14, B: 29, C: 14, D: 29, E: 14 });
  });

  it('breaks ties by the style chosen first, and gives it the spare point', () => {
    const a = scoreOptions(pick('E', 'A', 'D', 'E', 'A', 'D', 'C'));
    expect(a.dominant_style).toBe('E');
    expect(a.style_percentages).toEqual({ A: 29, B: 0, C: 14, D: 28, E: 29 });
  });

  it('sums to 100 with the dominant on top for every combination of 7 answers', () => {
    const codes: StyleCode[] = ['A', 'B', 'C', 'D', 'E'];
    for (let n = 0; n < 5 ** 7; n += 13) {
      let x = n;
      const chosen = Array.from({ length: 7 }, () => {
        const c = codes[x % 5] as StyleCode;
        x = Math.floor(x / 5);
        return { style: c };
      });
      const a = scoreOptions(chosen);
      expect(sum(a.style_percentages)).toBe(100);
      expect(Math.max(...Object.values(a.style_percentages))).toBe(a.style_percentages[a.dominant_style]);
    }
  });

  it('orders the shares for the chart, dominant first', () => {
    const shares = orderedShares(scoreOptions(pick('E', 'A', 'D', 'E', 'A', 'D', 'C')));
    expect(shares.map((s) => s.code)).toEqual(['E', 'A', 'D', 'C', 'B']);
  });
});

describe('questionnaire parsing', () => {
  const raw = {
    version: 'v1',
    questions: [
      { id: 1, text: 'Q1', options: [{ id: 'q1-a', text: 'uno', style: 'A', image: '/api/styles/a.jpeg' }, { text: 'bad', style: 'Z' }] },
      { id: 2, text: 'Q2', options: [{ id: 'q2-c', text: 'due', style: 'C', image: '' }] },
    ],
    styles: [{ code: 'A', label: 'Eclettico Creativo', short: 'Eclettico', description: 'd', image: '/api/styles/a.jpeg' }],
  };

  it('keeps valid options only and maps answers back to options', () => {
    const q = parseQuestionnaire(raw);
    expect(q.questions[0]?.options).toHaveLength(1);
    expect(chosenOptions(q, ['uno', 'due'])?.map((o) => o.style)).toEqual(['A', 'C']);
    expect(chosenOptions(q, ['uno', null])).toBeNull();
    expect(chosenOptions(q, ['uno', 'tre'])).toBeNull();
  });

  it('refuses an answer without questions', () => {
    expect(() => parseQuestionnaire({})).toThrow();
  });

  it('reads analyses defensively', () => {
    expect(parseAnalysis({ dominant_style: 'C', style_percentages: { C: 100 } })?.style_percentages).toEqual({ A: 0, B: 0, C: 100, D: 0, E: 0 });
    expect(parseAnalysis({ dominant_style: 'X' })).toBeNull();
  });
});

describe('matched designers', () => {
  const designer = (id: number, score = 90) => ({ id, name: `D${id}`, design_style: 'C', match_score: score, match_style_labels: ['Minimal', 'Naturale', 'Extra'] });
  const page = (ids: number[], hasMore: boolean, total = 12): MatchPage => parseMatchPage({ designers: ids.map((id) => designer(id)), has_more: hasMore, total, lead_id: 4 });

  it('writes the card line', () => {
    expect(matchLine({ match_score: 92, match_style_labels: ['Minimal', 'Naturale'] })).toBe('92% affine · Minimal, Naturale');
    expect(matchLine({ match_score: 40, match_style_labels: [] })).toBe('40% affine');
    expect(page([1], false).designers[0]?.match_style_labels).toEqual(['Minimal', 'Naturale']);
  });

  it('picks the spec alert for matching failures', () => {
    expect(matchingFailureKey({ kind: 'network' })).toBe('matching.networkError');
    expect(matchingFailureKey({ kind: 'http', status: 500 })).toBe('matching.loadError');
  });
});

import { describe, expect, it } from 'vitest';
import { clearQuizResult, loadQuizResult, saveQuizResult } from './quizResult';

function memory() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), removeItem: (k: string) => void data.delete(k), data };
}

describe('quiz result in session storage', () => {
  it('round-trips and clears under the spec keys', () => {
    const s = memory();
    const result = { lead_id: 7, answers: ['uno', 'due'], style_analysis: { dominant_style: 'C', style_percentages: { C: 100 } } };
    saveQuizResult(result, s);
    expect(s.data.has('questionnaireAnswers') && s.data.has('styleAnalysis')).toBe(true);
    expect(loadQuizResult(s)).toEqual(result);
    clearQuizResult(s);
    expect(loadQuizResult(s)).toBeNull();
  });

  it('ignores broken entries', () => {
    const s = memory();
    s.setItem('questionnaireAnswers', '{"x":1}');
    s.setItem('styleAnalysis', '{"dominant_style":"C","style_percentages":{}}');
    expect(loadQuizResult(s)).toBeNull();
  });
});

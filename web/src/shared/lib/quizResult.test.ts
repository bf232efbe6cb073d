import { describe, expect, it } from 'vitest';
import { clearQuizResult, loadQuizResult, saveQuizResult } from './quizResult';
import type { StorageArea } from './storage';

function memory(): StorageArea & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

const result = {
  lead_id: 12,
  lead_token: 'c2VjcmV0LWxlYWQtdG9rZW4tb2YtMjU2LWJpdHMtLS0',
  answers: ['Colori vivaci', 'Legno naturale'],
  style_analysis: { dominant_style: 'A', style_percentages: { A: 40, B: 10, C: 20, D: 10, E: 20 } },
};

describe('quizResult', () => {
  it('round-trips a saved result through the spec keys', () => {
    const storage = memory();
    saveQuizResult(result, storage);
    expect(storage.data.has('questionnaire_answers')).toBe(true);
    expect(storage.data.has('style_analysis')).toBe(true);
    expect(loadQuizResult(storage)).toEqual(result);
  });

  it('returns null when nothing or garbage is stored', () => {
    const storage = memory();
    expect(loadQuizResult(storage)).toBeNull();
    storage.setItem('questionnaire_answers', '{not json');
    storage.setItem('style_analysis', JSON.stringify(result.style_analysis));
    expect(loadQuizResult(storage)).toBeNull();
    storage.removeItem('style_analysis');
    storage.setItem('questionnaire_answers', JSON.stringify({ lead_id: 4, answers: [] }));
    expect(loadQuizResult(storage)).toBeNull();
  });

  it('keeps answers taken offline, before the server gave a lead (lead_id 0)', () => {
    const storage = memory();
    saveQuizResult({ ...result, lead_id: 0, lead_token: '' }, storage);
    expect(loadQuizResult(storage)).toEqual({ ...result, lead_id: 0, lead_token: '' });
    storage.setItem('questionnaire_answers', JSON.stringify({ lead_id: 'x', answers: ['Legno'] }));
    expect(loadQuizResult(storage)?.lead_id).toBe(0);
  });

  it('reads a result stored before leads had tokens as one without a token', () => {
    const storage = memory();
    storage.setItem('questionnaire_answers', JSON.stringify({ lead_id: 12, answers: ['Legno'] }));
    storage.setItem('style_analysis', JSON.stringify(result.style_analysis));
    expect(loadQuizResult(storage)).toMatchObject({ lead_id: 12, lead_token: '' });
  });

  it('clears both keys', () => {
    const storage = memory();
    saveQuizResult(result, storage);
    clearQuizResult(storage);
    expect(storage.data.size).toBe(0);
    expect(loadQuizResult(storage)).toBeNull();
  });

  it('survives a storage that throws', () => {
    const broken: StorageArea = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(() => saveQuizResult(result, broken)).not.toThrow();
    expect(loadQuizResult(broken)).toBeNull();
    expect(() => clearQuizResult(broken)).not.toThrow();
  });
});

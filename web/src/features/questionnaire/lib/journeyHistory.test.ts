import { afterEach, describe, expect, it } from 'vitest';
import { handJourneyTo } from '../../../shared/lib/journey';
import { readSavedJourney, saveJourney, type SavedJourney } from './journeyHistory';

const ANALYSIS = { dominant_style: 'C', style_percentages: { A: 0, B: 0, C: 100, D: 0, E: 0 } };
const DESIGNERS: SavedJourney = {
  owner: null,
  run: 'giro1',
  depth: 8,
  flow: { phase: 'designers', index: 6, answers: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] },
  result: {
    answers: ['a', 'b', 'c', 'd', 'e', 'f', 'g'],
    analysis: ANALYSIS as never,
    lead: { lead_id: 9, lead_token: 'segreto' },
    pending: false,
    previous: null,
  },
  failure: null,
  pages: 2,
  scrollY: 1200,
};

afterEach(() => {
  window.history.replaceState(null, '');
  sessionStorage.clear();
});

describe('the home journey kept in its history entry', () => {
  it('comes back as it was saved, beside what the router keeps in the entry', () => {
    window.history.replaceState({ usr: null, key: 'abc', idx: 3 }, '');
    saveJourney(DESIGNERS);
    expect(window.history.state).toMatchObject({ key: 'abc', idx: 3 });
    const back = readSavedJourney(7, null);
    expect(back?.flow).toEqual(DESIGNERS.flow);
    expect(back?.result?.lead).toEqual({ lead_id: 9, lead_token: 'segreto' });
    expect(back?.result?.analysis.dominant_style).toBe('C');
    expect(back?.pages).toBe(2);
    expect(back?.scrollY).toBe(1200);
  });

  it('keeps a question and its answers without a result', () => {
    const flow = { phase: 'questionnaire' as const, index: 3, answers: ['a', 'b', 'c', null, null, null, null] };
    const journey = { owner: '12', run: 'giro2', depth: 3, flow, result: null, failure: null, pages: 1, scrollY: 0 };
    saveJourney(journey);
    expect(readSavedJourney(7, '12')).toEqual(journey);
  });

  it('puts a step forward in an entry of its own after this one, which keeps its own step', () => {
    window.history.replaceState({ usr: null, key: 'abc', idx: 3 }, '');
    const question = (index: number) => ({ phase: 'questionnaire' as const, index, answers: ['a', 'b', null, null, null, null, null] });
    const journey = { owner: null, run: 'giro3', depth: 1, flow: question(1), result: null, failure: null, pages: 1, scrollY: 0 };
    saveJourney(journey);
    const length = window.history.length;
    saveJourney({ ...journey, depth: 2, flow: question(2) }, true);
    expect(window.history.length).toBe(length + 1);
    // An entry as the router's own are: its state kept, a key of its own (the router's scroll
    // positions go by key), the next index.
    expect(window.history.state).toMatchObject({ usr: null, idx: 4 });
    expect(window.history.state.key).not.toBe('abc');
    expect(readSavedJourney(7, null)).toMatchObject({ depth: 2, flow: { index: 2 } });
  });

  it('takes an entry kept before runs and steps were counted as the first step of an unnamed run', () => {
    const flow = { phase: 'questionnaire', index: 2, answers: ['a', 'b', null, null, null, null, null] };
    expect(readSavedJourney(7, null, { internoHomeJourney: { owner: null, flow, result: null } })).toMatchObject({ run: '', depth: 0 });
    expect(readSavedJourney(7, null, { internoHomeJourney: { owner: null, run: 4, depth: -1, flow, result: null } })).toMatchObject({ run: '', depth: 0 });
  });

  it('is nothing for an entry without it, a changed questionnaire, or a damaged copy', () => {
    expect(readSavedJourney(7, null, null)).toBeNull();
    expect(readSavedJourney(7, null, { usr: null })).toBeNull();
    const flow = { phase: 'questionnaire', index: 3, answers: ['a', 'b', 'c', null, null, null, null] };
    const entry = (journey: unknown) => ({ internoHomeJourney: journey });
    // Six questions now: the seven answers do not fit.
    expect(readSavedJourney(6, null, entry({ flow, result: null, pages: 1, scrollY: 0 }))).toBeNull();
    expect(readSavedJourney(7, null, entry({ flow: { ...flow, index: 7 }, result: null }))).toBeNull();
    expect(readSavedJourney(7, null, entry({ flow: { ...flow, phase: 'elsewhere' }, result: null }))).toBeNull();
    expect(readSavedJourney(7, null, entry({ flow: { ...flow, answers: [1, 2, 3, 4, 5, 6, 7] }, result: null }))).toBeNull();
    // Past the questions a result is required.
    expect(readSavedJourney(7, null, entry({ flow: { ...flow, phase: 'prompt' }, result: null }))).toBeNull();
    expect(readSavedJourney(7, null, entry({ flow: { ...flow, phase: 'prompt' }, result: { answers: [], analysis: { dominant_style: 'X' } } }))).toBeNull();
    // Odd page counts and positions fall back to the first page and the top.
    expect(readSavedJourney(7, null, entry({ flow, result: null, pages: -2, scrollY: 'giù' }))).toMatchObject({ pages: 1, scrollY: 0 });
  });

  it("is nobody else's: not after a logout, not under another account", () => {
    saveJourney({ ...DESIGNERS, owner: '12' });
    expect(readSavedJourney(7, '12')).not.toBeNull();
    expect(readSavedJourney(7, null)).toBeNull();
    expect(readSavedJourney(7, '13')).toBeNull();
  });

  it("is, for a visitor's, the account's that signed in carrying its quiz, and no other account's", () => {
    saveJourney(DESIGNERS);
    expect(readSavedJourney(7, null)?.flow).toEqual(DESIGNERS.flow);
    expect(readSavedJourney(7, '12')).toBeNull();
    handJourneyTo('12');
    expect(readSavedJourney(7, '12')?.flow).toEqual(DESIGNERS.flow);
    expect(readSavedJourney(7, '13')).toBeNull();
  });

  it('keeps a result computed offline with what the device showed before, and a failure as shown', () => {
    const previous = { answers: ['x'], analysis: ANALYSIS, matches: null, pending: false, savedAt: 5 };
    saveJourney({
      ...DESIGNERS,
      result: { ...(DESIGNERS.result as NonNullable<SavedJourney['result']>), lead: null, pending: true, previous: previous as never },
      failure: 'Errore di connessione al server. Riprova più tardi.',
    });
    const back = readSavedJourney(7, null);
    expect(back?.result?.pending).toBe(true);
    expect(back?.result?.previous).toMatchObject({ answers: ['x'], savedAt: 5, pending: false });
    expect(back?.failure).toBe('Errore di connessione al server. Riprova più tardi.');
  });
});

import { describe, expect, it } from 'vitest';
import { canAdvance, flowReducer, initialFlow, queryIntent, type FlowState } from './homeFlow';

const answer = (s: FlowState, text: string) => flowReducer(s, { type: 'answer', text });

describe('home flow', () => {
  it('goes home → questionnaire → prompt → designers', () => {
    let s = flowReducer(initialFlow, { type: 'start', total: 3 });
    expect(s.phase).toBe('questionnaire');
    for (let i = 0; i < 3; i += 1) {
      s = answer(s, `a${i}`);
      s = i < 2 ? flowReducer(s, { type: 'next' }) : flowReducer(s, { type: 'completed' });
    }
    expect(s.phase).toBe('prompt');
    expect(s.answers).toEqual(['a0', 'a1', 'a2']);
    s = flowReducer(s, { type: 'showDesigners' });
    expect(s.phase).toBe('designers');
    expect(flowReducer(s, { type: 'reset' })).toEqual(initialFlow);
  });

  it('keeps Avanti disabled until an answer is chosen', () => {
    const s = flowReducer(initialFlow, { type: 'start', total: 7 });
    expect(canAdvance(s)).toBe(false);
    expect(flowReducer(s, { type: 'next' })).toBe(s);
    expect(flowReducer(s, { type: 'completed' })).toBe(s);
    expect(canAdvance(answer(s, 'x'))).toBe(true);
  });

  it('keeps earlier answers when going back, and leaves from the first question', () => {
    let s = flowReducer(initialFlow, { type: 'start', total: 7 });
    s = flowReducer(answer(s, 'uno'), { type: 'next' });
    s = flowReducer(answer(s, 'due'), { type: 'next' });
    s = flowReducer(s, { type: 'back' });
    expect(s.index).toBe(1);
    expect(s.answers.slice(0, 2)).toEqual(['uno', 'due']);
    s = flowReducer(flowReducer(s, { type: 'back' }), { type: 'back' });
    expect(s.phase).toBe('home');
  });

  it('does not complete before the last question', () => {
    const s = answer(flowReducer(initialFlow, { type: 'start', total: 7 }), 'x');
    expect(flowReducer(s, { type: 'completed' }).phase).toBe('questionnaire');
  });

  it('reads the address', () => {
    expect(queryIntent('?openQuestionnaire=true')).toBe('open');
    expect(queryIntent('?reset=true')).toBe('reset');
    expect(queryIntent('')).toBe('reset');
    expect(queryIntent('?utm=x')).toBeNull();
  });
  it('steps back within a run to the kept question with the answers given since, and to an earlier run as it was', () => {
    const now = { phase: 'questionnaire' as const, index: 4, answers: ['a', 'b', 'c', 'd', 'e', null, null] };
    const left = { phase: 'questionnaire' as const, index: 2, answers: ['a', 'b', null, null, null, null, null] };
    expect(flowReducer(now, { type: 'restore', state: left, keepAnswers: true })).toEqual({ ...left, answers: now.answers });
    expect(flowReducer(now, { type: 'restore', state: left })).toEqual(left);
    // A questionnaire of another length: the kept answers.
    expect(flowReducer({ ...now, answers: ['a'] }, { type: 'restore', state: left, keepAnswers: true })).toEqual(left);
  });

  it('restores a kept state as it was (a copy), and a kept home as the first state', () => {
    const kept: FlowState = { phase: 'prompt', index: 6, answers: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] };
    const restored = flowReducer(initialFlow, { type: 'restore', state: kept });
    expect(restored).toEqual(kept);
    expect(restored.answers).not.toBe(kept.answers);
    expect(flowReducer(kept, { type: 'restore', state: { phase: 'home', index: 2, answers: ['x'] } })).toEqual(initialFlow);
  });
});

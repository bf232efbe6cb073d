/**
 * The home flow of the customer spec (section 4): home → questionnaire → registration prompt →
 * designers, and a reset back to home. Pure, so the rules are tested without a browser.
 */
export type Phase = 'home' | 'questionnaire' | 'prompt' | 'designers';

export interface FlowState {
  phase: Phase;
  /** The question shown (0-based). */
  index: number;
  /** The chosen option text per question; null while unanswered. */
  answers: (string | null)[];
}

export type FlowAction =
  | { type: 'start'; total: number }
  | { type: 'answer'; text: string }
  | { type: 'next' }
  | { type: 'back' }
  | { type: 'completed' }
  | { type: 'showDesigners' }
  | { type: 'reset' }
  /**
   * Back to where a history entry left the journey (journeyHistory.ts); `keepAnswers` (a step back
   * within the same run of the test) keeps the answers given since that entry was left.
   */
  | { type: 'restore'; state: FlowState; keepAnswers?: boolean };

export const initialFlow: FlowState = { phase: 'home', index: 0, answers: [] };

/** Whether Avanti/Completa may be pressed: the question shown has an answer. */
export function canAdvance(state: FlowState): boolean {
  return state.phase === 'questionnaire' && (state.answers[state.index] ?? null) !== null;
}

export function isLastQuestion(state: FlowState): boolean {
  return state.index === state.answers.length - 1;
}

export function flowReducer(state: FlowState, action: FlowAction): FlowState {
  switch (action.type) {
    case 'start':
      return { phase: 'questionnaire', index: 0, answers: Array.from({ length: action.total }, () => null) };
    case 'answer': {
      if (state.phase !== 'questionnaire') return state;
      const answers = [...state.answers];
      answers[state.index] = action.text;
      return { ...state, answers };
    }
    case 'next':
      // Avanti is disabled until an answer is chosen; the last question completes instead.
      if (!canAdvance(state) || isLastQuestion(state)) return state;
      return { ...state, index: state.index + 1 };
    case 'back':
      if (state.phase !== 'questionnaire') return state;
      // Earlier answers are kept; back from the first question leaves the test.
      return state.index === 0 ? { ...initialFlow } : { ...state, index: state.index - 1 };
    case 'completed':
      if (!canAdvance(state) || !isLastQuestion(state)) return state;
      return { ...state, phase: 'prompt' };
    case 'showDesigners':
      return state.phase === 'prompt' ? { ...state, phase: 'designers' } : state;
    case 'reset':
      return { ...initialFlow };
    case 'restore': {
      if (action.state.phase === 'home') return { ...initialFlow };
      const keep = action.keepAnswers === true && state.answers.length === action.state.answers.length;
      return { ...action.state, answers: [...(keep ? state.answers : action.state.answers)] };
    }
  }
}

/** What the address asks for: openQuestionnaire=true starts the test, reset=true or no query resets. */
export function queryIntent(search: string): 'open' | 'reset' | null {
  const params = new URLSearchParams(search);
  if (params.get('openQuestionnaire') === 'true') return 'open';
  if (params.get('reset') === 'true' || search === '' || search === '?') return 'reset';
  return null;
}

import { readJson, removeKey, sessionArea, writeString, type StorageArea } from './storage';

/**
 * The questionnaire result a visitor carries into registration (customer spec, sections 3 and 4):
 * "Registrati" keeps the answers and the style for the session, and the login page sends them with
 * the lead id when the account is created. Session storage keys are the spec's own.
 */
export interface QuizResult {
  /** The lead the server stored the answers as; 0 while the result was computed offline. */
  lead_id: number;
  /** The chosen option texts, in question order. */
  answers: string[];
  style_analysis: { dominant_style: string; style_percentages: Record<string, number> };
}

export const QUESTIONNAIRE_ANSWERS_KEY = 'questionnaireAnswers';
export const STYLE_ANALYSIS_KEY = 'styleAnalysis';
export const LEAD_ID_KEY = 'leadId';

export function saveQuizResult(result: QuizResult, storage: StorageArea | null = sessionArea()): void {
  writeString(storage, QUESTIONNAIRE_ANSWERS_KEY, JSON.stringify(result.answers));
  writeString(storage, STYLE_ANALYSIS_KEY, JSON.stringify(result.style_analysis));
  writeString(storage, LEAD_ID_KEY, String(result.lead_id));
}

/** The saved result, or null when there is none or it is unreadable. */
export function loadQuizResult(storage: StorageArea | null = sessionArea()): QuizResult | null {
  const answers = readJson(storage, QUESTIONNAIRE_ANSWERS_KEY);
  const analysis = readJson(storage, STYLE_ANALYSIS_KEY);
  const lead = Number(readJson(storage, LEAD_ID_KEY) ?? 0);
  if (!Array.isArray(answers) || !answers.every((a): a is string => typeof a === 'string')) return null;
  if (typeof analysis !== 'object' || analysis === null) return null;
  const record = analysis as Record<string, unknown>;
  const percentages = record.style_percentages;
  if (typeof record.dominant_style !== 'string' || typeof percentages !== 'object' || percentages === null) return null;
  const clean: Record<string, number> = {};
  for (const [code, value] of Object.entries(percentages as Record<string, unknown>)) {
    if (typeof value === 'number' && Number.isFinite(value)) clean[code] = value;
  }
  return {
    lead_id: Number.isInteger(lead) && lead > 0 ? lead : 0,
    answers,
    style_analysis: { dominant_style: record.dominant_style, style_percentages: clean },
  };
}

export function clearQuizResult(storage: StorageArea | null = sessionArea()): void {
  removeKey(storage, QUESTIONNAIRE_ANSWERS_KEY);
  removeKey(storage, STYLE_ANALYSIS_KEY);
  removeKey(storage, LEAD_ID_KEY);
}

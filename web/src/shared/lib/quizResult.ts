import { PERSISTENT_KEYS, localArea, readJson, removeKey, writeString, type StorageArea } from './storage';

/**
 * The style questionnaire's outcome, kept on this device so registration can carry it
 * (customer spec, sections 3 and 7: POST /api/auth/register takes lead_id, questionnaire_answers
 * and style_analysis; the lead is attached only with its lead_token, which proves it is this
 * visitor's). The matching feature saves it; the accounts feature reads it at registration
 * and clears it once the account holds it.
 *
 * Stored in localStorage under the spec's persistent keys: questionnaire_answers holds
 * {lead_id, lead_token, answers} and style_analysis holds the analysis.
 */
export interface StyleAnalysis {
  dominant_style: string;
  style_percentages: Record<string, number>;
}

export interface QuizResult {
  /** The lead the server created for these answers; 0 while it is not known yet (taken offline). */
  lead_id: number;
  /** The lead's secret from POST /api/match-designers; '' while the lead is not known. */
  lead_token: string;
  answers: string[];
  style_analysis: StyleAnalysis;
}

/** Keeps the questionnaire's result for the registration that may follow. */
export function saveQuizResult(result: QuizResult, storage: StorageArea | null = localArea()): void {
  writeString(storage, PERSISTENT_KEYS.questionnaireAnswers, JSON.stringify({ lead_id: result.lead_id, lead_token: result.lead_token, answers: result.answers }));
  writeString(storage, PERSISTENT_KEYS.styleAnalysis, JSON.stringify(result.style_analysis));
}

/** Reads a style analysis value, or null when it does not have the expected shape. */
export function parseStyleAnalysis(raw: unknown): StyleAnalysis | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const record = raw as Record<string, unknown>;
  if (typeof record.dominant_style !== 'string' || record.dominant_style === '') return null;
  const percentages: Record<string, number> = {};
  if (typeof record.style_percentages === 'object' && record.style_percentages !== null) {
    for (const [key, value] of Object.entries(record.style_percentages as Record<string, unknown>)) {
      const n = typeof value === 'number' ? value : Number(value);
      if (Number.isFinite(n)) percentages[key] = n;
    }
  }
  return { dominant_style: record.dominant_style, style_percentages: percentages };
}

/** The stored result, or null when there is none or it is unreadable. */
export function loadQuizResult(storage: StorageArea | null = localArea()): QuizResult | null {
  const stored = readJson(storage, PERSISTENT_KEYS.questionnaireAnswers);
  const analysis = parseStyleAnalysis(readJson(storage, PERSISTENT_KEYS.styleAnalysis));
  if (typeof stored !== 'object' || stored === null || analysis === null) return null;
  const record = stored as Record<string, unknown>;
  const rawLead = typeof record.lead_id === 'number' ? record.lead_id : Number(record.lead_id);
  // Without a lead (the questionnaire was taken offline) the answers still count: the server scores them.
  const leadId = Number.isInteger(rawLead) && rawLead > 0 ? rawLead : 0;
  const leadToken = leadId > 0 && typeof record.lead_token === 'string' ? record.lead_token : '';
  const answers = Array.isArray(record.answers) ? record.answers.filter((a): a is string => typeof a === 'string') : [];
  return { lead_id: leadId, lead_token: leadToken, answers, style_analysis: analysis };
}

/** Forgets the result (after registration has stored it on the account). */
export function clearQuizResult(storage: StorageArea | null = localArea()): void {
  removeKey(storage, PERSISTENT_KEYS.questionnaireAnswers);
  removeKey(storage, PERSISTENT_KEYS.styleAnalysis);
}

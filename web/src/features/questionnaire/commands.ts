import { api } from '../../shared/api/api';
import { loadQuiz, rememberLead } from '../../shared/lib/journey';
import { t } from '../../shared/i18n/t';
import '../../shared/i18n/parts/quiz';
import { defineCommand, type CommandDispatch, type Sending } from '../../shared/offline/command';
import { showToast } from '../../shared/ui/Toast';
import { parseMatchPage } from '../matching/lib/matches';
import { matchBody } from './api/questionnaireApi';
import { loadLastResult, saveLastResult } from './lib/lastResult';
import type { StyleAnalysis } from './lib/questionnaire';

/** The writes of the questionnaire feature. The app registers them at start. */

/**
 * The answers of a questionnaire finished offline (or whose direct answer was lost). The result is
 * already on screen (computed on the device); when the server has the answers, a visitor's journey
 * learns its lead and a signed-in customer's profile and matches are read again.
 */
export const submitMatch = defineCommand<{ answers: string[] }>({
  kind: 'questionnaire.match',
  entity: () => 'questionnaire',
  method: 'POST',
  path: () => '/api/match-designers',
  body: ({ answers }) => matchBody(answers),
  onSent: async (dispatch, response) => {
    const page = parseMatchPage(response);
    const last = await loadLastResult();
    const analysis = page.style_analysis ?? last?.analysis;
    if (!analysis) return;
    const answers = last?.answers ?? [];
    await saveLastResult({ answers, analysis, matches: page, pending: false, savedAt: Date.now() });
    // The journey of a visitor who finished offline now knows its lead.
    if (page.lead !== null && loadQuiz()?.lead === null) rememberLead(page.lead);
    dispatch(api.util.invalidateTags(['Profile', { type: 'Match', id: 'ME' }]));
    showToast(t('quiz.synced'), { tone: 'success' });
  },
  onRefused: async (_dispatch, error) => {
    const last = await loadLastResult();
    if (last) await saveLastResult({ ...last, pending: false, savedAt: Date.now() });
    showToast(t('quiz.syncFailed'), { tone: 'error', detail: error.message });
  },
});

/**
 * Keeps the device's result as pending, then sends the answers. `key` is the Idempotency-Key of a
 * direct attempt whose answer was lost (dropped connection, 503): the server may have created the
 * lead already, and the same key makes it answer with that lead instead of creating a second one.
 */
export async function queueMatch(dispatch: CommandDispatch, answers: string[], analysis: StyleAnalysis, key?: string): Promise<Sending> {
  await saveLastResult({ answers, analysis, matches: null, pending: true, savedAt: Date.now() });
  return submitMatch.send(dispatch, { answers }, key === undefined ? {} : { key });
}

export const questionnaireCommands = [submitMatch];

import { api } from '../../shared/api/api';
import { loadQuiz, rememberLead } from '../../shared/lib/journey';
import { t } from '../../shared/i18n/t';
import '../../shared/i18n/parts/quiz';
import { defineCommand } from '../../shared/offline/command';
import { showToast } from '../../shared/ui/Toast';
import { parseMatchPage } from '../matching/lib/matches';
import { matchBody } from './api/questionnaireApi';
import { loadLastResult, saveLastResult } from './lib/lastResult';

/** The writes of the questionnaire feature. The app registers them at start. */

/**
 * The answers of a finished questionnaire (POST /api/match-designers): a write, since the server
 * creates a visitor's lead or a customer's style profile from them. HomeJourney sends it whatever
 * the connection and shows the answer itself when it comes at once. Offline (or the server out of
 * reach) the result computed on the device is kept as pending; when the outbox delivers the answers
 * later, a visitor's journey learns its lead, the designers arrive and the screen is told.
 */
export const submitMatch = defineCommand<{ answers: string[] }>({
  kind: 'questionnaire.match',
  entity: () => 'questionnaire',
  method: 'POST',
  path: () => '/api/match-designers',
  body: ({ answers }) => matchBody(answers),
  onSent: async (dispatch, response) => {
    // A signed-in customer's result becomes their account's style profile: read it again.
    dispatch(api.util.invalidateTags(['Profile', { type: 'Match', id: 'ME' }]));
    const last = await loadLastResult();
    // Answered at once, the screen has shown it; only a result left pending learns it here.
    if (!last?.pending) return;
    const page = parseMatchPage(response);
    const analysis = page.style_analysis ?? last.analysis;
    await saveLastResult({ answers: last.answers, analysis, matches: page, pending: false, savedAt: Date.now() });
    // The journey of a visitor who finished offline now knows its lead.
    if (page.lead !== null && loadQuiz()?.lead === null) rememberLead(page.lead);
    showToast(t('quiz.synced'), { tone: 'success' });
  },
  onRefused: async (_dispatch, error) => {
    const last = await loadLastResult();
    if (!last?.pending) return;
    await saveLastResult({ ...last, pending: false, savedAt: Date.now() });
    showToast(t('quiz.syncFailed'), { tone: 'error', detail: error.message });
  },
});

export const questionnaireCommands = [submitMatch];

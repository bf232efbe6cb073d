import { enqueueAction, registerOutboxHandler } from '../../../shared/offline/outboxService';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { api } from '../../../shared/api/api';
import { loadQuiz, rememberLead } from '../../../shared/lib/journey';
import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/quiz';
import { showToast } from '../../../shared/ui/Toast';
import { loadLastResult, saveLastResult } from '../lib/lastResult';
import { parseMatchPage } from '../../matching/lib/matches';
import type { StyleAnalysis } from '../lib/questionnaire';
import { matchBody } from './questionnaireApi';

/** The outbox kind of a questionnaire finished offline. */
export const MATCH_KIND = 'questionnaire.match';

/**
 * Queues the answers of a questionnaire finished offline. The result is already on screen (computed
 * on the device); the outbox sends the answers with an Idempotency-Key when the connection returns,
 * and the matched designers and the lead id arrive then. `key` is the Idempotency-Key of a direct
 * attempt whose answer was lost (dropped connection, 503): the server may have created the lead
 * already, and the same key makes it answer with that lead instead of creating a second one.
 */
export async function queueMatch(answers: string[], analysis: StyleAnalysis, key?: string): Promise<void> {
  await saveLastResult({ answers, analysis, matches: null, pending: true, savedAt: Date.now() });
  await enqueueAction({ kind: MATCH_KIND, entity: 'questionnaire', method: 'POST', path: '/api/match-designers', body: matchBody(answers), key });
}

/** A dispatch for RTK Query cache actions (the app's root state is not named in a feature). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a feature may not name the app's state type, and RTK thunks typed with their own state need an open one
type Dispatch = ThunkDispatch<any, unknown, UnknownAction>;

/**
 * Registers how a replayed submission is reconciled; the app calls it once at start. A visitor's
 * journey learns its lead; a signed-in customer's account now holds the result, so the profile and
 * the matches are read again.
 */
export function registerMatchOutbox(dispatch?: Dispatch): () => void {
  return registerOutboxHandler(MATCH_KIND, {
    onSent: async (response) => {
      const page = parseMatchPage(response);
      const last = await loadLastResult();
      const analysis = page.style_analysis ?? last?.analysis;
      if (!analysis) return;
      const answers = last?.answers ?? [];
      await saveLastResult({ answers, analysis, matches: page, pending: false, savedAt: Date.now() });
      // The journey of a visitor who finished offline now knows its lead.
      if (page.lead !== null && loadQuiz()?.lead === null) rememberLead(page.lead);
      dispatch?.(api.util.invalidateTags(['Profile', { type: 'Match', id: 'ME' }]));
      showToast(t('quiz.synced'), { tone: 'success' });
    },
    onFailed: async (error) => {
      const last = await loadLastResult();
      if (last) await saveLastResult({ ...last, pending: false, savedAt: Date.now() });
      showToast(t('quiz.syncFailed'), { tone: 'error', detail: error.message });
    },
  });
}

import { api } from '../../../shared/api/api';
import type { Narrowed, Schemas } from '../../../shared/api/contract';
import { parseMatchPage, MATCH_PAGE_SIZE, type MatchPage } from '../../matching/lib/matches';
import { parseQuestionnaire, type Questionnaire } from '../lib/questionnaire';

/** What POST /api/match-designers is sent, directly or from the outbox. */
export function matchBody(answers: string[]): Narrowed<Schemas['MatchRequest'], 'answers' | 'limit', { answers: string[]; limit: number }> {
  return { answers, limit: MATCH_PAGE_SIZE };
}

/**
 * The questionnaire and the match request. GET answers are kept in IndexedDB by the base query, so
 * the questionnaire opens offline once visited.
 */
export const questionnaireApi = api.injectEndpoints({
  endpoints: (build) => ({
    getQuestionnaire: build.query<Questionnaire, void>({
      query: () => '/questionnaire',
      transformResponse: parseQuestionnaire,
      providesTags: ['Questionnaire'],
      keepUnusedDataFor: 3600,
    }),
    matchDesigners: build.mutation<MatchPage, { answers: string[]; idempotencyKey?: string }>({
      // The body is the one queueMatch stores, so a retry with the same key is replayed, not refused.
      query: ({ answers, idempotencyKey }) => ({
        url: '/match-designers',
        method: 'POST',
        body: matchBody(answers),
        headers: idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : undefined,
      }),
      transformResponse: parseMatchPage,
      // A signed-in customer's result becomes their account's style profile: the profile reads it again.
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'Match', id: 'ME' }, 'Profile']),
    }),
  }),
});

export const { useGetQuestionnaireQuery, useMatchDesignersMutation } = questionnaireApi;

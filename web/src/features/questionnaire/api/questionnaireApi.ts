import { api } from '../../../shared/api/api';
import type { Narrowed, Schemas } from '../../../shared/api/contract';
import { MATCH_PAGE_SIZE } from '../../matching/lib/matches';
import { parseQuestionnaire, type Questionnaire } from '../lib/questionnaire';

/** What POST /api/match-designers is sent, directly or from the outbox. */
export function matchBody(answers: string[]): Narrowed<Schemas['MatchRequest'], 'answers' | 'limit', { answers: string[]; limit: number }> {
  return { answers, limit: MATCH_PAGE_SIZE };
}

/**
 * The questionnaire (the answers go with the submitMatch command, commands.ts). GET answers are kept in IndexedDB by the base query, so
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
  }),
});

export const { useGetQuestionnaireQuery } = questionnaireApi;

import { api } from '../../../shared/api/api';
import { parseMatchPage, MATCH_PAGE_SIZE, type MatchPage } from '../../matching/lib/matches';
import { parseQuestionnaire, type Questionnaire } from '../lib/questionnaire';

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
    matchDesigners: build.mutation<MatchPage, { answers: string[] }>({
      query: (body) => ({ url: '/match-designers', method: 'POST', body: { ...body, limit: MATCH_PAGE_SIZE } }),
      transformResponse: parseMatchPage,
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'Match', id: 'ME' }]),
    }),
  }),
});

export const { useGetQuestionnaireQuery, useMatchDesignersMutation } = questionnaireApi;

import { api } from '../../../shared/api/api';
import type { components } from '../../../shared/api/schema.gen';
import { parseFavourite, type FavouriteDesigner } from '../lib/favourite';

/** POST /api/likes answer. */
export type LikeResult = components['schemas']['LikeToggleView'];

export type LikeCount = components['schemas']['LikeCountView'];

export type LikeStatus = components['schemas']['LikeStatusView'];

/** Who liked a designer and when (the designer and admins only). */
export type LikeStats = components['schemas']['LikeStatsView'];

/** The platforms a designer can be shared on; 'link' is the default the server records. */
export const SHARE_PLATFORMS = ['facebook', 'twitter', 'whatsapp', 'instagram', 'linkedin', 'telegram', 'email', 'copy'] as const;
export type SharePlatform = (typeof SHARE_PLATFORMS)[number] | 'link';

export interface ShareStats {
  designer_id: number;
  total_shares: number;
  shares_by_platform: Partial<Record<SharePlatform, number>>;
  shared_by_users: { user_id: number; user_name: string; user_email: string; platform: SharePlatform; shared_at: string }[];
}

/** A designer the signed-in customer likes. */
export interface LikedDesigner {
  designer_id: number;
  liked_at: string;
  designer: FavouriteDesigner;
}

/** The style result the results e-mail carries. */
export interface StyleAnalysisInput {
  dominant_style?: string;
  style_percentages: Record<string, number>;
}

export interface SendResultsArgs {
  /** Visitors name an address; signed-in customers always get it at their own. */
  email?: string;
  style_analysis: StyleAnalysisInput;
  designer_ids: number[];
  /** A visitor's questionnaire (shared/lib/lead), carried by the e-mail's links. */
  lead_id?: number;
  lead_token?: string;
}

export interface SendResultsAnswer {
  message: string;
  email: string;
  tracking_id: string;
}

function parseLikedDesigners(raw: unknown): LikedDesigner[] {
  const list = typeof raw === 'object' && raw !== null ? (raw as { likes?: unknown }).likes : null;
  if (!Array.isArray(list)) return [];
  const out: LikedDesigner[] = [];
  for (const item of list) {
    const record = item as { designer_id?: unknown; liked_at?: unknown; designer?: unknown };
    const designer = parseFavourite(record.designer);
    if (designer) out.push({ designer_id: designer.id, liked_at: typeof record.liked_at === 'string' ? record.liked_at : '', designer });
  }
  return out;
}

/** Likes, shares, the designer's statistics and the results e-mail (issue 6). */
export const engagementApi = api.injectEndpoints({
  endpoints: (build) => ({
    getLikeCount: build.query<LikeCount, number>({
      query: (id) => `/likes/designer/${id}/count`,
      providesTags: (_result, _error, id) => [{ type: 'Like', id: `count-${id}` }],
    }),
    getLikeStatus: build.query<LikeStatus, number>({
      query: (id) => `/likes/status/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Like', id: `status-${id}` }],
    }),
    getMyLikes: build.query<LikedDesigner[], void>({
      query: () => '/likes/mine',
      transformResponse: parseLikedDesigners,
      providesTags: [{ type: 'Like', id: 'MINE' }],
    }),
    getLikeStats: build.query<LikeStats, number>({
      query: (id) => `/likes/stats/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Like', id: `stats-${id}` }],
    }),
    getShareStats: build.query<ShareStats, number>({
      query: (id) => `/shares/stats/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Share', id: `stats-${id}` }],
    }),
    sendResults: build.mutation<SendResultsAnswer, SendResultsArgs>({
      query: (body) => ({ url: '/email/send-results', method: 'POST', body }),
    }),
  }),
});

export const {
  useGetLikeCountQuery,
  useGetLikeStatusQuery,
  useGetMyLikesQuery,
  useGetLikeStatsQuery,
  useGetShareStatsQuery,
  useSendResultsMutation,
} = engagementApi;

import { api } from '../../../shared/api/api';
import type { Narrowed, Schemas } from '../../../shared/api/contract';
import { parseFavourite, type FavouriteDesigner } from '../lib/favourite';

/** POST /api/likes answer. */
export type LikeResult = Schemas['LikeToggleView'];

export type LikeCount = Schemas['LikeCountView'];

export type LikeStatus = Schemas['LikeStatusView'];

/** Who liked a designer and when (the designer and admins only). */
export type LikeStats = Schemas['LikeStatsView'];

/** The platforms a designer can be shared on; 'link' is the default the server records. */
export const SHARE_PLATFORMS = ['facebook', 'twitter', 'whatsapp', 'instagram', 'linkedin', 'telegram', 'email', 'copy'] as const;
export type SharePlatform = (typeof SHARE_PLATFORMS)[number] | 'link';

/**
 * Who shared a designer where (the designer and admins only). The server always sends the platform
 * map (every platform, zero included) though the document calls it nullable (a Go map); the
 * platforms are narrowed to the ones the web names.
 */
export type ShareStats = Narrowed<
  Schemas['ShareStatsView'],
  'designer_id' | 'total_shares' | 'shares_by_platform' | 'shared_by_users',
  {
    shares_by_platform: Partial<Record<SharePlatform, number>>;
    shared_by_users: Narrowed<Schemas['SharerView'], 'user_id' | 'user_name' | 'user_email' | 'platform' | 'shared_at', { platform: SharePlatform }>[];
  }
>;

/** A designer the signed-in customer likes, as parseLikedDesigners reads it. */
export type LikedDesigner = Narrowed<Schemas['LikedDesignerView'], 'designer_id' | 'liked_at' | 'designer', { designer: FavouriteDesigner }>;

/** The style result the results e-mail carries; the web may not know a dominant style yet. */
export type StyleAnalysisInput = Narrowed<
  Schemas['ResultsInputStyleAnalysisStruct'],
  'dominant_style' | 'style_percentages',
  { dominant_style?: string; style_percentages: Record<string, number> }
>;

/**
 * POST /api/email/send-results as the web sends it (the server also accepts numeric strings).
 * Visitors name an address; signed-in customers always get it at their own. A visitor's
 * questionnaire (shared/lib/lead) is carried by the e-mail's links.
 */
export type SendResultsArgs = Narrowed<
  Schemas['ResultsInput'],
  'email' | 'style_analysis' | 'designer_ids' | 'lead_id' | 'lead_token',
  { style_analysis: StyleAnalysisInput; designer_ids: number[]; lead_id?: number }
>;

export type SendResultsAnswer = Schemas['ResultsQueuedView'];

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
  }),
});

export const {
  useGetLikeCountQuery,
  useGetLikeStatusQuery,
  useGetMyLikesQuery,
  useGetLikeStatsQuery,
  useGetShareStatsQuery,
} = engagementApi;

import type { Schemas } from '../../shared/api/contract';
import { defineCommand } from '../../shared/offline/command';
import { engagementApi, type LikeResult, type SendResultsArgs, type SharePlatform } from './api/engagementApi';
import { LIKE_KIND, likeEntity } from './lib/likeState';

/** The writes of the engagement feature (likes and shares). The app registers them at start. */

function isLikeResult(value: unknown): value is LikeResult {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.designer_id === 'number' && typeof record.liked === 'boolean' && typeof record.like_count === 'number';
}

/**
 * A like or unlike (POST /api/likes toggles). The button shows the queued toggle at once (likeView).
 * A sent like writes the server's answer into the cached count and status; a refused one is silent
 * (the spec's silent case) and the button, the count and the favourites fall back to the server's state.
 */
export const toggleLike = defineCommand<{ designerId: number }>({
  kind: LIKE_KIND,
  entity: ({ designerId }) => likeEntity(designerId),
  method: 'POST',
  path: () => '/api/likes',
  body: ({ designerId }) => ({ designer_id: designerId }) satisfies Schemas['DesignerRef'],
  onSent: (dispatch, response) => {
    if (!isLikeResult(response)) return;
    const id = response.designer_id;
    void dispatch(engagementApi.util.upsertQueryData('getLikeCount', id, { designer_id: id, like_count: response.like_count }));
    void dispatch(engagementApi.util.upsertQueryData('getLikeStatus', id, { designer_id: id, is_liked: response.liked }));
    dispatch(engagementApi.util.invalidateTags([{ type: 'Like', id: 'MINE' }, { type: 'Like', id: `stats-${id}` }, { type: 'Designer', id }]));
  },
  onRefused: (dispatch, _error, entry) => {
    const match = /^like:(\d+)$/.exec(entry.entity);
    // The favourites are read again too: the like never happened, and a list that failed to load
    // while offline heals now that the answer shows the connection is back.
    if (match)
      dispatch(
        engagementApi.util.invalidateTags([
          { type: 'Like', id: `count-${match[1]}` },
          { type: 'Like', id: `status-${match[1]}` },
          { type: 'Like', id: 'MINE' },
        ]),
      );
  },
});

/** The record of a share (anonymous visitors' too); failures are ignored (customer spec, section 8). */
export const recordShare = defineCommand<{ designerId: number; platform: SharePlatform }>({
  kind: 'share.record',
  entity: ({ designerId }) => `share:${designerId}`,
  method: 'POST',
  path: () => '/api/shares',
  body: ({ designerId, platform }) => ({ designer_id: designerId, platform }) satisfies Schemas['DesignerRef'],
  onSent: (dispatch, _response, entry) => {
    const match = /^share:(\d+)$/.exec(entry.entity);
    if (match) dispatch(engagementApi.util.invalidateTags([{ type: 'Share', id: `stats-${match[1]}` }]));
  },
});

/**
 * "Invia i risultati via email" (POST /api/email/send-results). Never kept on the device (keep:
 * 'never'): an e-mail is sent with the person there to read whether it went (the server throttles
 * it per address), so offline the form says at once that it needs the connection.
 */
export const sendResults = defineCommand<SendResultsArgs>({
  kind: 'results.email',
  keep: 'never',
  entity: () => 'results-email',
  method: 'POST',
  path: () => '/api/email/send-results',
  body: (args) => args,
});

export const engagementCommands = [toggleLike, recordShare, sendResults];

import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { enqueueAction, registerOutboxHandler } from '../../../shared/offline/outboxService';
import { LIKE_KIND, likeEntity } from '../lib/likeState';
import { engagementApi, type LikeResult, type SharePlatform } from './engagementApi';

/** The outbox kind of a recorded share (anonymous visitors' too). */
export const SHARE_KIND = 'share.record';

/**
 * A dispatch for RTK Query cache thunks. Their state types differ and a feature may not name the
 * app's root state, so the state is left open here (as the designers feature does).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a feature may not name the app's state type, and RTK thunks typed with their own state need an open one
type Dispatch = ThunkDispatch<any, unknown, UnknownAction>;

/** Queues a like or unlike; the outbox sends it at once when online and replays it once otherwise. */
export async function queueLikeToggle(designerId: number): Promise<void> {
  await enqueueAction({ kind: LIKE_KIND, entity: likeEntity(designerId), method: 'POST', path: '/api/likes', body: { designer_id: designerId } });
}

/** Queues the record of a share; failures are ignored (customer spec, section 8). */
export async function queueShare(designerId: number, platform: SharePlatform): Promise<void> {
  await enqueueAction({ kind: SHARE_KIND, entity: `share:${designerId}`, method: 'POST', path: '/api/shares', body: { designer_id: designerId, platform } });
}

function isLikeResult(value: unknown): value is LikeResult {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.designer_id === 'number' && typeof record.liked === 'boolean' && typeof record.like_count === 'number';
}

/**
 * Registers how replayed likes and shares are reconciled; the app calls it once at start. A sent
 * like writes the server's answer into the cached count and status; a refused one is silent (the
 * spec's silent case) and the button falls back to the server's state on its own.
 */
export function registerEngagementOutbox(dispatch: Dispatch): () => void {
  const offLike = registerOutboxHandler(LIKE_KIND, {
    onSent: (response) => {
      if (!isLikeResult(response)) return;
      const id = response.designer_id;
      void dispatch(engagementApi.util.upsertQueryData('getLikeCount', id, { designer_id: id, like_count: response.like_count }));
      void dispatch(engagementApi.util.upsertQueryData('getLikeStatus', id, { designer_id: id, is_liked: response.liked }));
      dispatch(engagementApi.util.invalidateTags([{ type: 'Like', id: 'MINE' }, { type: 'Like', id: `stats-${id}` }, { type: 'Designer', id }]));
    },
    onFailed: (_error, entry) => {
      const match = /^like:(\d+)$/.exec(entry.entity);
      if (match) dispatch(engagementApi.util.invalidateTags([{ type: 'Like', id: `count-${match[1]}` }, { type: 'Like', id: `status-${match[1]}` }]));
    },
  });
  const offShare = registerOutboxHandler(SHARE_KIND, {
    onSent: (_response, entry) => {
      const match = /^share:(\d+)$/.exec(entry.entity);
      if (match) dispatch(engagementApi.util.invalidateTags([{ type: 'Share', id: `stats-${match[1]}` }]));
    },
  });
  return () => {
    offLike();
    offShare();
  };
}

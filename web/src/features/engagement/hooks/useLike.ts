import { useCallback } from 'react';
import { useSelector } from 'react-redux';
import { useCommand } from '../../../shared/offline/command';
import { useQueued } from '../../../shared/offline/useQueued';
import { selectIsLoggedIn, selectUserId, type WithSession } from '../../../shared/session/sessionSlice';
import { useGetLikeCountQuery, useGetLikeStatusQuery } from '../api/engagementApi';
import { toggleLike } from '../commands';
import { likeEntity, likeView, serverLike, type LikeView } from '../lib/likeState';

export interface UseLike extends LikeView {
  loggedIn: boolean;
  /** Likes or unlikes; returns false when a visitor must register first. */
  toggle: () => Promise<boolean>;
}

/**
 * One designer's like for the person on the page: the public count, their own status, and the
 * toggles waiting in the outbox applied optimistically. Toggles go through the outbox, so a like
 * made offline shows at once and is sent once when the connection returns.
 */
export function useLike(designerId: number, initialCount?: number): UseLike {
  const loggedIn = useSelector((state: WithSession) => selectIsLoggedIn(state));
  const userId = useSelector((state: WithSession) => selectUserId(state)) ?? '';
  const count = useGetLikeCountQuery(designerId);
  const status = useGetLikeStatusQuery(designerId, { skip: !loggedIn });
  // A visitor's like asks to register first: there is nothing of theirs in the outbox to read.
  const entries = useQueued({ entity: likeEntity(designerId), sent: true, enabled: loggedIn });
  const like = useCommand(toggleLike);

  const server = serverLike(count.data?.like_count ?? (count.isLoading ? initialCount : undefined), count.isError, status.data?.is_liked, loggedIn);
  const fetchedAt = Math.max(count.fulfilledTimeStamp ?? 0, status.fulfilledTimeStamp ?? 0);
  const view = likeView(server, fetchedAt, entries, designerId, userId);

  const pending = view.pending;
  const toggle = useCallback(async (): Promise<boolean> => {
    if (!loggedIn) return false;
    if (pending) return true;
    try {
      await like({ designerId });
    } catch (error) {
      // Failures are silent (customer spec, section 8); IndexedDB refusing is logged for us.
      console.warn('Could not queue the like', error);
    }
    return true;
  }, [designerId, loggedIn, pending, like]);

  return { ...view, loggedIn, toggle };
}

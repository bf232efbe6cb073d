/** What the server last said about one designer's like, for the signed-in person. */
export interface ServerLike {
  liked: boolean;
  count: number;
}

/**
 * What the like button shows: the server's answer with the toggles still waiting in the outbox
 * applied on top (each one flips the heart and moves the count by one). A toggle that fails leaves
 * the outbox, so the button falls back to the server's answer by itself: that is the rollback.
 */
export function optimisticLike(server: ServerLike, pendingToggles: number): ServerLike {
  let { liked, count } = server;
  for (let i = 0; i < pendingToggles; i += 1) {
    count = Math.max(0, count + (liked ? -1 : 1));
    liked = !liked;
  }
  return { liked, count };
}

/**
 * The server's answer as the button reads it. A failed or missing count load shows 0 and not liked
 * (customer spec, section 8: silent cases); a visitor is never "liked".
 */
export function serverLike(count: number | undefined, countFailed: boolean, liked: boolean | undefined, loggedIn: boolean): ServerLike {
  if (countFailed) return { liked: false, count: 0 };
  return { liked: loggedIn && liked === true, count: Math.max(0, count ?? 0) };
}

/** The outbox fields the like button reads (a subset of OutboxEntry, so tests can build them). */
export interface LikeEntry {
  kind: string;
  entity: string;
  userId: string;
  state: 'pending' | 'sending' | 'sent' | 'failed';
  sentAt: number | null;
  response: unknown;
}

/** The outbox kind of a like or unlike. */
export const LIKE_KIND = 'like.toggle';

export function likeEntity(designerId: number): string {
  return `like:${designerId}`;
}

function sentAnswer(response: unknown): ServerLike | null {
  if (typeof response !== 'object' || response === null) return null;
  const { liked, like_count: count } = response as { liked?: unknown; like_count?: unknown };
  return typeof liked === 'boolean' && typeof count === 'number' ? { liked, count } : null;
}

/** What the button shows and whether a toggle is still on its way. */
export interface LikeView extends ServerLike {
  pending: boolean;
}

/**
 * Combines the server's last answer (fetched at fetchedAt) with this person's like entries in the
 * outbox: a toggle sent after that fetch answered with the fresh state, and toggles still waiting
 * apply optimistically on top. Failed toggles are ignored, which rolls the button back.
 */
export function likeView(server: ServerLike, fetchedAt: number, entries: readonly LikeEntry[], designerId: number, userId: string): LikeView {
  const mine = entries.filter((entry) => entry.kind === LIKE_KIND && entry.entity === likeEntity(designerId) && entry.userId === userId);
  let base = server;
  let newest = fetchedAt;
  for (const entry of mine) {
    const answer = entry.state === 'sent' ? sentAnswer(entry.response) : null;
    if (answer && (entry.sentAt ?? 0) > newest) {
      base = answer;
      newest = entry.sentAt ?? 0;
    }
  }
  const waiting = mine.filter((entry) => entry.state === 'pending' || entry.state === 'sending').length;
  return { ...optimisticLike(base, waiting), pending: waiting > 0 };
}

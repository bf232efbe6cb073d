import { useSelector } from 'react-redux';
import { selectUserId, type WithSession } from '../../../shared/session/sessionSlice';
import type { Designer } from '../lib/designer';

/**
 * Whether the signed-in person is this profile's designer. The API names the profile's account
 * (`user_id`) only to the designer themself and to admins, so a visitor's or a customer's copy never
 * matches.
 */
export function useOwnProfile(designer: Pick<Designer, 'user_id'>): boolean {
  const userId = useSelector((state: WithSession) => selectUserId(state));
  return userId !== null && designer.user_id !== null && String(designer.user_id) === userId;
}

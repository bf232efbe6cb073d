import { useSelector } from 'react-redux';
import { selectIsDesigner, selectUserId, type WithSession } from '../../../shared/session/sessionSlice';
import { useGetMyDesignerQuery } from '../api/designersApi';
import type { Designer } from '../lib/designer';

/**
 * Whether the signed-in person is this profile's designer. The API names the profile's account
 * (`user_id`) only to the designer themself and to admins; a copy read as a visitor (the page's own
 * answer, or one cached before signing in) has none, and then a designer's own profile (`/users/me`,
 * asked only in that case) tells. Customers and visitors never match.
 */
export function useOwnProfile(designer: Pick<Designer, 'id' | 'user_id'>): boolean {
  const userId = useSelector((state: WithSession) => selectUserId(state));
  const designerSession = useSelector((state: WithSession) => selectIsDesigner(state));
  const mine = useGetMyDesignerQuery(undefined, { skip: !designerSession || designer.user_id !== null });
  if (userId === null || !designerSession) return false;
  if (designer.user_id !== null) return String(designer.user_id) === userId;
  return mine.data?.designer?.id === designer.id;
}

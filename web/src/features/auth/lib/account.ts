import type { Narrowed, Schemas } from '../../../shared/api/contract';
import { parseStyleAnalysis, type StyleAnalysis } from '../../../shared/lib/journey';
import { parseStoredUser, type Role, type StoredUser } from '../../../shared/session/sessionSlice';

/**
 * The customer's account as GET/PUT /api/users/me describe it (customer spec, section 3), as
 * parseAccount reads the API's UserView: the role narrowed to the three the app knows, the style
 * analysis (an untyped JSON value in the document) checked.
 */
export type Account = Narrowed<
  Schemas['UserView'],
  'id' | 'name' | 'email' | 'role' | 'location' | 'profile_picture' | 'has_password' | 'google_linked' | 'style_analysis' | 'created_at',
  { role: Role; style_analysis: StyleAnalysis | null }
>;

/**
 * GET /api/users/me: the account, whether a designer object came (the designer feature reads the
 * object itself), and the matched designers (read by the matching feature, not here).
 */
export type Profile = Narrowed<Schemas['ProfileView'], 'user' | 'matched_designers', { user: Account; matched_designers: unknown[] }> & {
  has_designer: boolean;
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** Reads style_analysis whether the server sent an object or a JSON string. */
export function readStyleAnalysis(value: unknown): StyleAnalysis | null {
  if (typeof value === 'string' && value.trim() !== '') {
    try {
      return parseStyleAnalysis(JSON.parse(value) as unknown);
    } catch {
      return null;
    }
  }
  return parseStyleAnalysis(value);
}

/** Reads the user object of a profile answer; null when it has no usable id. */
export function parseAccount(raw: unknown): Account | null {
  if (!isRecord(raw)) return null;
  const rawId = raw.id ?? raw.user_id;
  const id = typeof rawId === 'number' ? rawId : Number(rawId);
  if (!Number.isInteger(id) || id <= 0) return null;
  const role = raw.role === 'designer' || raw.role === 'admin' ? raw.role : 'user';
  return {
    id,
    name: str(raw.name),
    email: str(raw.email),
    role,
    location: str(raw.location),
    profile_picture: str(raw.profile_picture),
    has_password: raw.has_password !== false,
    google_linked: raw.google_linked === true,
    style_analysis: readStyleAnalysis(raw.style_analysis),
    created_at: str(raw.created_at),
  };
}

/** Reads a whole GET/PUT /api/users/me answer. */
export function parseProfile(raw: unknown): Profile {
  const record = isRecord(raw) ? raw : {};
  const user = parseAccount(record.user);
  if (!user) throw new Error('The profile answer has no user');
  return {
    user,
    has_designer: isRecord(record.designer),
    matched_designers: Array.isArray(record.matched_designers) ? record.matched_designers : [],
  };
}

/** The session answer of login, registration and Google sign-in, as the device keeps it. */
export interface SignInAnswer {
  user: StoredUser;
  style_analysis: StyleAnalysis | null;
}

/** Reads a login/registration answer; throws when it carries no token (never a half session). */
export function parseSignIn(raw: unknown): SignInAnswer {
  const user = parseStoredUser(raw);
  if (!user) throw new Error('The sign-in answer has no token');
  return { user, style_analysis: isRecord(raw) ? readStyleAnalysis(raw.style_analysis) : null };
}

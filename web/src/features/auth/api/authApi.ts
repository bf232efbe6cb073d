import { api } from '../../../shared/api/api';
import type { Narrowed, Schemas } from '../../../shared/api/contract';
import { parseProfile, type Profile } from '../lib/account';

/**
 * POST /api/auth/login as the web sends it. A questionnaire taken before signing in
 * (shared/lib/lead, lead_id and lead_token) is adopted by the account.
 */
export type LoginArgs = Narrowed<
  Schemas['LoginRequest'],
  'email' | 'password' | 'remember_me' | 'lead_id' | 'lead_token',
  { email: string; password: string; remember_me: boolean; lead_id?: number }
>;

/** POST /api/auth/register as the web sends it (the document leaves lead_id and the questionnaire untyped). */
export type RegisterArgs = Narrowed<
  Schemas['RegisterRequest'],
  'email' | 'password' | 'name' | 'lead_id' | 'lead_token' | 'questionnaire_answers' | 'style_analysis',
  {
    email: string;
    password: string;
    name: string;
    lead_id?: number;
    questionnaire_answers?: string[];
    style_analysis?: { dominant_style: string; style_percentages: Record<string, number> };
  }
>;

export type ResetPasswordArgs = Required<Pick<Schemas['NewPasswordRequest'], 'token' | 'new_password'>>;

/** The answer of POST /api/auth/reset-password/check: the address of the account a live link changes. */
export type ResetCheck = Schemas['ResetCheckView'];

/** PUT /api/users/me: the text fields always, the picture only when a new one was chosen. */
export interface UpdateProfileArgs {
  name: string;
  email: string;
  location: string;
  picture?: File | null;
}

/** The text fields of a profile edit as JSON: what the outbox sends, and the direct call without a photo. */
export function profileJson(
  args: Pick<UpdateProfileArgs, 'name' | 'email' | 'location'>,
): Narrowed<Schemas['AccountEdit'], 'name' | 'email' | 'location', { name: string; email: string; location: string }> {
  return { name: args.name.trim(), email: args.email.trim(), location: args.location.trim() };
}

/** Builds the multipart body of PUT /api/users/me (customer spec, section 7). */
export function profileForm(args: UpdateProfileArgs): FormData {
  const form = new FormData();
  form.append('name', args.name.trim());
  form.append('email', args.email.trim());
  form.append('location', args.location.trim());
  if (args.picture) form.append('profile_picture', args.picture, args.picture.name);
  return form;
}

/**
 * Accounts (issue 3): the signed-in person's own profile. Its edits and the sign-in calls are
 * commands (commands.ts); the sign-in answers are parsed with parseSignIn.
 */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProfile: build.query<Profile, void>({
      query: () => '/users/me',
      transformResponse: parseProfile,
      providesTags: ['Profile'],
    }),
    /**
     * Whether a reset link still works, and whose password it changes, asked when the reset page
     * opens (POST /api/auth/reset-password/check). It uses nothing, so it is a query; asked again
     * each time the page opens (a link used meanwhile is told at once), and never kept on the device.
     */
    checkResetToken: build.query<ResetCheck, string>({
      query: (token) => ({ url: '/auth/reset-password/check', method: 'POST', body: { token } }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const {
  useGetProfileQuery,
  useCheckResetTokenQuery,
} = authApi;

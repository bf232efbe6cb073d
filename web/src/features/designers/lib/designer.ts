import type { Narrowed, Schemas } from '../../../shared/api/contract';
import { isStyleCode, type StyleCode } from '../../../shared/lib/designStyles';
import { galleryPaths } from '../../../shared/lib/imagePath';

/** How a designer works with clients. */
export const WORK_MODES = ['online', 'in-person', 'hybrid'] as const;
export type WorkMode = (typeof WORK_MODES)[number];

/** The prima_proposta options, in order. */
export const FIRST_PROPOSAL_TIMES = ['5-7 giorni', '7-15 giorni', '15-20 giorni'] as const;

/** The specialty choices, in the spec's order. */
export const SPECIALTIES = [
  'Eclettico',
  'Massimalista',
  'Boho Chic',
  'Art Déco',
  'Wabi Sabi',
  'Country Chic',
  'Neoclassico',
  'Retro Chic',
  'Classico',
  'Minimal',
  'Japandi',
  'Scandinavo',
  'Contemporaneo',
  'Memphis',
  'Brutalista',
  'Industrial',
  'Urban',
  'Mediterraneo',
  'Rustico',
] as const;

/** Limits shared with the server (core/designers). */
export const MAX_GALLERY = 12;
export const MIN_BUDGET = 300;
export const REGISTRATION_BUDGET = 300;
export const MAX_EXPERIENCE = 70;

/**
 * A designer as parseDesigner reads it from the API's DesignerView: email and phone ('' unless the
 * designer themself or an admin asks), user_id null when the profile has no account, and the style
 * code and work modes narrowed to the values the web knows (unknown ones are dropped).
 */
export type Designer = Narrowed<
  Schemas['DesignerView'],
  | 'id'
  | 'user_id'
  | 'name'
  | 'email'
  | 'phone'
  | 'city'
  | 'bio'
  | 'profile_picture'
  | 'gallery_images'
  | 'specialties'
  | 'design_style'
  | 'design_style_label'
  | 'work_preferences'
  | 'experience'
  | 'min_budget'
  | 'prima_proposta'
  | 'website'
  | 'portfolio'
  | 'social_instagram'
  | 'social_facebook'
  | 'social_youtube'
  | 'social_tiktok'
  | 'social_website'
  | 'verified'
  | 'like_count'
  | 'created_at',
  {
    user_id: number | null;
    email: string;
    phone: string;
    design_style: StyleCode | '';
    work_preferences: WorkMode[];
  }
>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function count(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(n) ? Math.max(0, Math.round(n)) : 0;
}

/** A list field that may arrive as a list or as a JSON string of one (designer spec, section 3). */
export function stringList(value: unknown): string[] {
  let list: unknown = value;
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (trimmed === '') return [];
    try {
      list = JSON.parse(trimmed) as unknown;
    } catch {
      list = trimmed.split(',');
    }
  }
  if (!Array.isArray(list)) return [];
  return list.filter((item): item is string => typeof item === 'string').map((item) => item.trim()).filter((item) => item !== '');
}

export function isWorkMode(value: unknown): value is WorkMode {
  return typeof value === 'string' && (WORK_MODES as readonly string[]).includes(value);
}

/** Reads a designer from an API answer; null when it is not one (no positive id). */
export function parseDesigner(raw: unknown): Designer | null {
  if (!isRecord(raw)) return null;
  const id = count(raw.id ?? raw.designer_id);
  if (id <= 0) return null;
  const style = typeof raw.design_style === 'string' ? raw.design_style.trim().toUpperCase() : '';
  const userId = count(raw.user_id);
  return {
    id,
    user_id: userId > 0 ? userId : null,
    name: text(raw.name),
    email: text(raw.email),
    phone: text(raw.phone),
    city: text(raw.city),
    bio: text(raw.bio),
    profile_picture: text(raw.profile_picture),
    gallery_images: galleryPaths(raw.gallery_images),
    specialties: stringList(raw.specialties),
    design_style: isStyleCode(style) ? style : '',
    design_style_label: text(raw.design_style_label),
    work_preferences: stringList(raw.work_preferences).filter(isWorkMode),
    experience: count(raw.experience),
    min_budget: count(raw.min_budget),
    prima_proposta: text(raw.prima_proposta),
    website: text(raw.website),
    portfolio: text(raw.portfolio),
    social_instagram: text(raw.social_instagram),
    social_facebook: text(raw.social_facebook),
    social_youtube: text(raw.social_youtube),
    social_tiktok: text(raw.social_tiktok),
    social_website: text(raw.social_website),
    verified: raw.verified === true,
    like_count: count(raw.like_count),
    created_at: text(raw.created_at),
  };
}

/** The designer's own website: the website field, else the social website field. */
export function websiteOf(designer: Pick<Designer, 'website' | 'social_website'>): string {
  return designer.website.trim() !== '' ? designer.website : designer.social_website;
}

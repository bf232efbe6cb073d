import type { Schemas } from '../../../shared/api/contract';

/** A liked designer as the favourites list shows it (a subset of the public designer answer). */
export type FavouriteDesigner = Pick<
  Schemas['DesignerView'],
  'id' | 'name' | 'city' | 'profile_picture' | 'gallery_images' | 'design_style' | 'design_style_label' | 'experience' | 'like_count'
>;

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function whole(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(n) ? Math.max(0, Math.round(n)) : 0;
}

function images(value: unknown): string[] {
  let list: unknown = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value) as unknown;
    } catch {
      return [];
    }
  }
  // Entries that are not strings or shorter than 2 characters are ignored (customer spec, section 3).
  return Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string' && item.trim().length >= 2) : [];
}

/** Reads a designer from GET /api/likes/mine; null when it is not one. */
export function parseFavourite(raw: unknown): FavouriteDesigner | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const record = raw as Record<string, unknown>;
  const id = whole(record.id ?? record.designer_id);
  if (id <= 0) return null;
  return {
    id,
    name: text(record.name),
    city: text(record.city),
    profile_picture: text(record.profile_picture),
    gallery_images: images(record.gallery_images),
    design_style: text(record.design_style),
    design_style_label: text(record.design_style_label),
    experience: whole(record.experience),
    like_count: whole(record.like_count),
  };
}

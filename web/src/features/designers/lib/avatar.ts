import { imagePath } from '../../../shared/lib/imagePath';

export type Avatar = { kind: 'image'; path: string } | { kind: 'initials'; text: string };

/** Up to two initials: the first letter of the first two words ("maria de luca" → "MD"). */
export function initialsOf(name: string): string {
  const letters = name
    .trim()
    .split(/[\s\-–—_.]+/u)
    .map((word) => Array.from(word.replace(/^[^\p{L}\p{N}]+/u, ''))[0] ?? '')
    .filter((letter) => letter !== '')
    .slice(0, 2);
  return letters.join('').toLocaleUpperCase('it-IT');
}

/**
 * The dashboard's avatar rule: the profile picture, else the first gallery image, else the initials
 * of the name (up to two letters). A name without letters shows no initials.
 */
export function avatarFor(designer: { name: string; profile_picture: string; gallery_images: readonly string[] }): Avatar {
  const picture = imagePath(designer.profile_picture);
  if (picture) return { kind: 'image', path: designer.profile_picture };
  const first = designer.gallery_images.find((entry) => imagePath(entry) !== null);
  if (first) return { kind: 'image', path: first };
  return { kind: 'initials', text: initialsOf(designer.name) };
}

import { imagePath } from '../../../shared/lib/imagePath';

/**
 * The picture of a designer's avatar (designer spec, dashboard header): the profile picture, else the
 * first gallery image, else "" (the shared Avatar then shows the initials of the name).
 */
export function avatarPicture(designer: { profile_picture: string; gallery_images: readonly string[] }): string {
  if (imagePath(designer.profile_picture)) return designer.profile_picture;
  return designer.gallery_images.find((entry) => imagePath(entry) !== null) ?? '';
}

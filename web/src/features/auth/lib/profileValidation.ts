import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/account';
import { sniffImage } from '../../../shared/lib/imageSniff';
import { isEmail } from './validation';

/** The largest profile photo the server takes (customer spec, section 5). */
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;

/** jpeg, jpg, png or gif, by type or, when the browser gives no type, by extension. */
const PHOTO_TYPES = new Set(['image/jpeg', 'image/jpg', 'image/png', 'image/gif']);
const PHOTO_EXTENSION = /\.(jpe?g|png|gif)$/i;

export interface ProfileValues {
  name: string;
  email: string;
  location: string;
}

export type ProfileField = keyof ProfileValues | 'photo';

/** The spec's texts: 'Formato immagine non supportato. Usa JPG, PNG o GIF' and "L'immagine è troppo grande. Massimo 5MB". */
export function checkPhoto(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  const typed = file.type !== '' ? PHOTO_TYPES.has(file.type.toLowerCase()) : PHOTO_EXTENSION.test(file.name);
  if (!typed) return t('account.edit.photoFormat');
  if (file.size > MAX_PHOTO_BYTES) return t('account.edit.photoSize');
  return null;
}

/** Name required, e-mail required and well formed, location optional (customer spec, section 5). */
export function checkProfile(values: ProfileValues, photo: Pick<File, 'name' | 'type' | 'size'> | null): Partial<Record<ProfileField, string>> {
  const errors: Partial<Record<ProfileField, string>> = {};
  if (values.name.trim() === '') errors.name = t('account.edit.nameRequired');
  if (values.email.trim() === '') errors.email = t('account.edit.emailRequired');
  else if (!isEmail(values.email)) errors.email = t('account.edit.emailFormat');
  if (photo) {
    const problem = checkPhoto(photo);
    if (problem) errors.photo = problem;
  }
  return errors;
}

/**
 * The name and size check, then the content: a file whose first bytes are not a JPEG, PNG or GIF
 * (a text file renamed .jpg) is refused with a message that says so, before anything is sent.
 */
export async function checkPhotoContent(file: File): Promise<string | null> {
  const problem = checkPhoto(file);
  if (problem) return problem;
  return (await sniffImage(file)) === null ? t('account.edit.photoNotImage', { name: file.name }) : null;
}

import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/engagement';
import type { SharePlatform } from '../api/engagementApi';

/** What a share needs to know about the designer. */
export interface ShareableDesigner {
  id: number;
  name: string;
  design_style?: string;
  design_style_label?: string;
  experience?: number;
}

/**
 * The shared link: /profile/{id}?shared=true plus the details the landing page can show before the
 * profile loads (customer spec, section 7).
 */
export function shareUrl(origin: string, designer: ShareableDesigner, platform: SharePlatform): string {
  const url = new URL(`/profile/${designer.id}`, origin);
  url.searchParams.set('shared', 'true');
  url.searchParams.set('designer', designer.name);
  if (designer.design_style) url.searchParams.set('style', designer.design_style);
  url.searchParams.set('via', platform);
  return url.toString();
}

/** The share text from the style label and the designer's years of experience. */
export function shareText(designer: ShareableDesigner): string {
  const style = designer.design_style_label ?? '';
  const years = designer.experience ?? 0;
  if (style && years > 0) {
    return t('engagement.share.textFull', { name: designer.name, style, years: t('engagement.share.years', { count: years }) });
  }
  if (style) return t('engagement.share.textStyle', { name: designer.name, style });
  return t('engagement.share.textPlain', { name: designer.name });
}

/** The address that opens a platform's share screen; null for copy (handled in the page). */
export function platformShareHref(platform: SharePlatform, url: string, text: string): string | null {
  const u = encodeURIComponent(url);
  const tx = encodeURIComponent(text);
  switch (platform) {
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${u}`;
    case 'twitter':
      return `https://twitter.com/intent/tweet?text=${tx}&url=${u}`;
    case 'whatsapp':
      return `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`;
    case 'linkedin':
      return `https://www.linkedin.com/sharing/share-offsite/?url=${u}`;
    case 'telegram':
      return `https://t.me/share/url?url=${u}&text=${tx}`;
    case 'email':
      return `mailto:?subject=${encodeURIComponent(t('engagement.share.subject'))}&body=${encodeURIComponent(`${text}\n\n${url}`)}`;
    case 'instagram':
      // Instagram has no web share screen: the link is copied and Instagram opens.
      return 'https://www.instagram.com/';
    default:
      return null;
  }
}

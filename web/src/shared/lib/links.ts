/**
 * Links people typed (websites, social profiles) made safe to show: without an http(s) scheme they
 * get https:// in front (the spec's rule), and anything that is not a web address is dropped.
 */

/** A web address for a typed link, https:// added when no http(s) scheme is present; null when empty or unsafe. */
export function externalUrl(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const value = raw.trim();
  if (value === '' || /[\s<>"']/.test(value)) return null;
  const withScheme = /^https?:\/\//i.test(value) ? value : `https://${value.replace(/^\/+/, '')}`;
  try {
    const url = new URL(withScheme);
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname.includes('.')) return null;
    return withScheme;
  } catch {
    return null;
  }
}

/** The host and path of a link without scheme and "www.", for display ("studio.it/progetti"). */
export function displayUrl(url: string): string {
  return url
    .replace(/^https?:\/\//i, '')
    .replace(/^www\./i, '')
    .replace(/\/$/, '');
}

export type SocialPlatform = 'instagram' | 'facebook' | 'youtube' | 'tiktok';

const SOCIAL_HOSTS: Readonly<Record<SocialPlatform, string>> = {
  instagram: 'https://www.instagram.com/',
  facebook: 'https://www.facebook.com/',
  youtube: 'https://www.youtube.com/@',
  tiktok: 'https://www.tiktok.com/@',
};

export interface SocialLink {
  href: string;
  /** "@studio.luce" for handles, the address without scheme for full links. */
  label: string;
}

/**
 * A social profile from what the designer typed: a handle ("@studio", "studio") becomes the
 * platform's profile address and shows as "@studio"; a link keeps its address (https:// added).
 */
export function socialLink(platform: SocialPlatform, raw: unknown): SocialLink | null {
  if (typeof raw !== 'string') return null;
  const value = raw.trim();
  if (value === '') return null;
  const looksLikeLink = /^https?:\/\//i.test(value) || /^(www\.)?[a-z0-9-]+\.[a-z]{2,}\//i.test(value) || value.includes('/');
  if (!looksLikeLink) {
    const handle = value.replace(/^@+/, '');
    if (!/^[\p{L}\p{N}._-]{1,60}$/u.test(handle)) return null;
    return { href: `${SOCIAL_HOSTS[platform]}${encodeURIComponent(handle)}`, label: `@${handle}` };
  }
  const href = externalUrl(value);
  return href ? { href, label: displayUrl(href) } : null;
}

import { describe, expect, it } from 'vitest';
import { displayUrl, externalUrl, socialLink } from './links';

describe('externalUrl', () => {
  it('prepends https:// when there is no http(s) scheme', () => {
    expect(externalUrl('studioluce.it')).toBe('https://studioluce.it');
    expect(externalUrl(' www.studio.it/progetti ')).toBe('https://www.studio.it/progetti');
    expect(externalUrl('http://studio.it')).toBe('http://studio.it');
    expect(externalUrl('HTTPS://Studio.it')).toBe('HTTPS://Studio.it');
  });

  it('drops what is not a web address', () => {
    for (const bad of ['', '   ', 'javascript:alert(1)', 'data:text/html,x', 'studio', 'my site.it', 'a<b>.it', null, 7]) {
      expect(externalUrl(bad)).toBeNull();
    }
  });

  it('shows addresses without scheme and www', () => {
    expect(displayUrl('https://www.studio.it/')).toBe('studio.it');
  });
});

describe('socialLink', () => {
  it('turns handles into profile addresses and shows them with @', () => {
    expect(socialLink('instagram', '@studio.luce')).toEqual({ href: 'https://www.instagram.com/studio.luce', label: '@studio.luce' });
    expect(socialLink('tiktok', 'casa_bella')).toEqual({ href: 'https://www.tiktok.com/@casa_bella', label: '@casa_bella' });
  });

  it('keeps links, adding https://', () => {
    expect(socialLink('facebook', 'facebook.com/studio')).toEqual({ href: 'https://facebook.com/studio', label: 'facebook.com/studio' });
  });

  it('refuses empty and malformed values', () => {
    expect(socialLink('instagram', '')).toBeNull();
    expect(socialLink('instagram', '@ bad handle')).toBeNull();
  });
});

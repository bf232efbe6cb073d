import { describe, expect, it } from 'vitest';
import { avatarFor, initialsOf } from './avatar';

describe('avatar rule', () => {
  it('prefers the profile picture', () => {
    expect(avatarFor({ name: 'Chiara Galli', profile_picture: '/api/uploads/profile_pictures/p.jpg', gallery_images: ['/api/uploads/gallery/a.jpg'] })).toEqual({
      kind: 'image',
      path: '/api/uploads/profile_pictures/p.jpg',
    });
  });

  it('falls back to the first gallery image', () => {
    expect(avatarFor({ name: 'Chiara Galli', profile_picture: '', gallery_images: ['x', '/api/uploads/gallery/a.jpg'] })).toEqual({
      kind: 'image',
      path: '/api/uploads/gallery/a.jpg',
    });
  });

  it('else shows up to two initials', () => {
    expect(avatarFor({ name: 'chiara maria galli', profile_picture: 'ab', gallery_images: [] })).toEqual({ kind: 'initials', text: 'CM' });
  });

  it('takes initials from letters only, whatever the spacing', () => {
    expect(initialsOf('Chiara')).toBe('C');
    expect(initialsOf("  élodie   d'Amico ")).toBe('ÉD');
    expect(initialsOf('Anna-Lisa Rossi')).toBe('AL');
    expect(initialsOf('')).toBe('');
    expect(initialsOf('(Studio) Luce')).toBe('SL');
  });
});

import { describe, expect, it } from 'vitest';
import { avatarPicture } from './avatar';

describe('avatar rule', () => {
  it('prefers the profile picture', () => {
    expect(avatarPicture({ profile_picture: '/api/uploads/profile_pictures/p.jpg', gallery_images: ['/api/uploads/gallery/a.jpg'] })).toBe(
      '/api/uploads/profile_pictures/p.jpg',
    );
  });

  it('falls back to the first gallery image', () => {
    expect(avatarPicture({ profile_picture: '', gallery_images: ['x', '/api/uploads/gallery/a.jpg'] })).toBe('/api/uploads/gallery/a.jpg');
  });

  it('else has no picture, so the initials show', () => {
    expect(avatarPicture({ profile_picture: 'ab', gallery_images: [] })).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import { galleryPaths, imagePath, imageSources, pickWidth, resizedUrl } from './imagePath';

describe('imagePath (the spec image path helper)', () => {
  it('passes data URLs and http(s) URLs through unchanged', () => {
    const data = 'data:image/jpeg;base64,/9j/4AAQ';
    expect(imagePath(data)).toBe(data);
    expect(imagePath('https://lh3.googleusercontent.com/a/x.jpg')).toBe('https://lh3.googleusercontent.com/a/x.jpg');
    expect(imagePath('http://example.com/p.png')).toBe('http://example.com/p.png');
  });

  it('yields nothing for paths of two characters or fewer without a dot', () => {
    for (const short of ['', 'a', 'ab', '[]', '{}', '  ', '/x']) expect(imagePath(short)).toBeNull();
    expect(imagePath('a.')).toBe('a.');
  });

  it('yields nothing for non-strings and null-like strings', () => {
    for (const value of [null, undefined, 42, {}, ['x'], 'null', 'undefined']) expect(imagePath(value)).toBeNull();
  });

  it('turns API paths into storage paths', () => {
    expect(imagePath('/api/uploads/gallery/abc.jpg')).toBe('uploads/gallery/abc.jpg');
    expect(imagePath('uploads/profile_pictures/p.webp')).toBe('uploads/profile_pictures/p.webp');
    expect(imagePath('/api/images/resize/uploads/gallery/abc.jpg?size=small')).toBe('uploads/gallery/abc.jpg');
    expect(imagePath('/styles/c_small.jpeg')).toBe('styles/c_small.jpeg');
  });
});

describe('resize URLs', () => {
  it('picks the smallest accepted width that covers the request', () => {
    expect(pickWidth(1)).toBe(160);
    expect(pickWidth(160)).toBe(160);
    expect(pickWidth(161)).toBe(240);
    expect(pickWidth(600)).toBe(640);
    expect(pickWidth(5000)).toBe(1600);
  });

  it('builds the endpoint URL with size and bounded quality', () => {
    expect(resizedUrl('uploads/gallery/a b.jpg', 300)).toBe('/api/images/resize/uploads/gallery/a%20b.jpg?size=320');
    expect(resizedUrl('uploads/gallery/a.jpg', 800, 70)).toBe('/api/images/resize/uploads/gallery/a.jpg?size=800&quality=70');
    expect(resizedUrl('uploads/gallery/a.jpg', 800, 500)).toContain('quality=100');
  });

  it('gives a fixed-size image a srcset up to three times its width, with width and height', () => {
    const sources = imageSources('/api/uploads/gallery/a.jpg', { width: 120, height: 120 });
    expect(sources).toEqual({
      src: '/api/images/resize/uploads/gallery/a.jpg?size=160',
      srcSet: [160, 240, 320, 480].map((w) => `/api/images/resize/uploads/gallery/a.jpg?size=${w} ${w}w`).join(', '),
      sizes: '120px',
      width: 120,
      height: 120,
    });
  });

  it('covers a fluid image from its narrowest to three times its widest', () => {
    const sources = imageSources('uploads/gallery/a.jpg', { width: 360, height: 270, minWidth: 160, sizes: '(min-width: 900px) 360px, 50vw' });
    const widths = sources?.srcSet?.split(', ').map((entry) => Number(entry.split(' ')[1]?.replace('w', '')));
    expect(widths).toEqual([160, 240, 320, 480, 640, 800, 960, 1200]);
    expect(sources?.sizes).toBe('(min-width: 900px) 360px, 50vw');
  });

  it('uses data and web URLs as they are and returns null for nothing', () => {
    expect(imageSources('data:image/png;base64,AAAA', { width: 50, height: 50 })).toEqual({ src: 'data:image/png;base64,AAAA', width: 50, height: 50 });
    expect(imageSources('ab', { width: 50, height: 50 })).toBeNull();
  });

  it("gives the profile's 112 px avatar the srcset the server preloads (adapters/httpapi/firstanswer_test.go pins the same list)", () => {
    const sources = imageSources('/api/uploads/gallery/img1.jpg', { width: 112, height: 112 });
    const url = (size: number) => `/api/images/resize/uploads/gallery/img1.jpg?size=${size}`;
    expect(sources?.srcSet).toBe(`${url(160)} 160w, ${url(240)} 240w, ${url(320)} 320w, ${url(480)} 480w`);
    expect(sources?.sizes).toBe('112px');
  });
});

describe('galleryPaths', () => {
  it('reads lists and JSON strings and drops entries that are not images', () => {
    expect(galleryPaths(['/api/uploads/gallery/a.jpg', null, 3, 'x', '', '/api/uploads/gallery/b.jpg'])).toEqual([
      '/api/uploads/gallery/a.jpg',
      '/api/uploads/gallery/b.jpg',
    ]);
    expect(galleryPaths('["uploads/gallery/a.jpg", null]')).toEqual(['uploads/gallery/a.jpg']);
    expect(galleryPaths(null)).toEqual([]);
    expect(galleryPaths('not json')).toEqual(['not json']);
  });
});

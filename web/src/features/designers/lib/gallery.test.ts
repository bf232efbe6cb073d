import { describe, expect, it } from 'vitest';
import { galleryChanged, galleryPayload, moveItem, roomLeft, storedItems, type GalleryItem } from './gallery';
import { coverCrop, isImageFile } from './resizeImage';

describe('gallery edits', () => {
  const stored = storedItems(['/api/uploads/gallery/a.jpg', '/api/uploads/gallery/b.jpg']);
  const added: GalleryItem = { key: 'n1', kind: 'new', dataUrl: 'data:image/jpeg;base64,AAA', name: 'salotto.jpg' };

  it('sends kept paths and new data URLs, in order', () => {
    expect(galleryPayload([...stored, added])).toEqual(['/api/uploads/gallery/a.jpg', '/api/uploads/gallery/b.jpg', 'data:image/jpeg;base64,AAA']);
  });

  it('knows when the gallery changed', () => {
    const paths = ['/api/uploads/gallery/a.jpg', '/api/uploads/gallery/b.jpg'];
    expect(galleryChanged(paths, stored)).toBe(false);
    expect(galleryChanged(paths, [stored[1] as GalleryItem, stored[0] as GalleryItem])).toBe(true);
    expect(galleryChanged(paths, stored.slice(0, 1))).toBe(true);
    expect(galleryChanged(paths, [...stored, added])).toBe(true);
  });

  it('counts the room left of twelve', () => {
    expect(roomLeft(stored)).toBe(10);
    expect(roomLeft(new Array(12).fill(0))).toBe(0);
    expect(roomLeft(stored, 3)).toBe(7);
  });

  it('moves items one step within bounds', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveItem(['a', 'b'], -1, 1)).toEqual(['a', 'b']);
  });
});

describe('resizing on the device', () => {
  it('crops the centre of a wide picture to 4:3', () => {
    expect(coverCrop(4000, 2000, 600, 450)).toEqual({ sx: 667, sy: 0, sw: 2667, sh: 2000 });
  });

  it('crops the centre of a tall picture to 4:3', () => {
    expect(coverCrop(3000, 4000, 600, 450)).toEqual({ sx: 0, sy: 875, sw: 3000, sh: 2250 });
  });

  it('keeps a picture of the right shape whole', () => {
    expect(coverCrop(1200, 900, 600, 450)).toEqual({ sx: 0, sy: 0, sw: 1200, sh: 900 });
  });

  it('tells pictures from other files by type', () => {
    expect(isImageFile({ type: 'image/heic' })).toBe(true);
    expect(isImageFile({ type: 'application/pdf' })).toBe(false);
    expect(isImageFile({ type: '' })).toBe(false);
  });
});

import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useGalleryPicker, usePhotoPicker } from './usePicturePicker';

vi.mock('../lib/resizeImage', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../lib/resizeImage')>();
  return {
    ...actual,
    resizeImageFile: vi.fn(async (file: File, target: { width: number; height: number }) => {
      if (file.name.startsWith('broken')) throw new Error('cannot decode');
      // Resizing is asynchronous (a canvas round trip in the browser); no delay is needed: the picker
      // resizes one file at a time, in the order chosen.
      await Promise.resolve();
      return `data:image/jpeg;base64,${file.name}-${target.width}x${target.height}`;
    }),
  };
});

const picture = (name: string) => new File(['x'], name, { type: 'image/jpeg' });

describe('useGalleryPicker', () => {
  beforeEach(() => {
    vi.clearAllMocks();
  });

  it('adds resized pictures in the order chosen and names the files it refuses', async () => {
    const { result } = renderHook(() => useGalleryPicker(['/api/uploads/gallery/kept.jpg']));
    await act(async () => {
      await result.current.addFiles([picture('slow-a.jpg'), new File(['%PDF'], 'listino.pdf', { type: 'application/pdf' }), picture('b.jpg'), picture('broken.jpg')]);
    });
    expect(result.current.items.map((item) => (item.kind === 'stored' ? item.path : item.dataUrl))).toEqual([
      '/api/uploads/gallery/kept.jpg',
      'data:image/jpeg;base64,slow-a.jpg-600x450',
      'data:image/jpeg;base64,b.jpg-600x450',
    ]);
    expect(result.current.problems).toEqual(['File listino.pdf is not an image', 'Error processing image broken.jpg']);
    expect(result.current.processing).toBe(0);
  });

  it('never holds more than twelve pictures', async () => {
    const { result } = renderHook(() => useGalleryPicker(Array.from({ length: 10 }, (_, i) => `/api/uploads/gallery/${i}.jpg`)));
    await act(async () => {
      await result.current.addFiles([picture('a.jpg'), picture('b.jpg'), picture('c.jpg')]);
    });
    expect(result.current.items).toHaveLength(12);
    expect(result.current.problems).toEqual(['You can add up to 12 images: the extra files were not added']);
  });

  it('removes, moves and resets', async () => {
    const { result } = renderHook(() => useGalleryPicker(['/api/uploads/gallery/a.jpg', '/api/uploads/gallery/b.jpg']));
    const [first, second] = result.current.items;
    act(() => result.current.move(second?.key ?? '', -1));
    expect(result.current.items.map((item) => item.key)).toEqual([second?.key, first?.key]);
    act(() => result.current.remove(first?.key ?? ''));
    expect(result.current.items).toHaveLength(1);
    act(() => result.current.reset(['/api/uploads/gallery/c.jpg']));
    expect(result.current.items).toMatchObject([{ kind: 'stored', path: '/api/uploads/gallery/c.jpg' }]);
  });
});

describe('usePhotoPicker', () => {
  it('resizes a chosen photo to 600×600, can remove it, and knows when it changed', async () => {
    const { result } = renderHook(() => usePhotoPicker('/api/uploads/profile_pictures/p.jpg'));
    expect(result.current.changed).toBe(false);
    await act(async () => {
      await result.current.choose(picture('me.jpg'));
    });
    expect(result.current.value).toBe('data:image/jpeg;base64,me.jpg-600x600');
    expect(result.current.changed).toBe(true);
    act(() => result.current.clear());
    expect(result.current.value).toBe('');
    await act(async () => {
      await result.current.choose(new File(['x'], 'cv.docx', { type: 'application/msword' }));
    });
    expect(result.current.problem).toBe('File cv.docx is not an image');
  });
});

import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakePaintObserver, stubPaintTiming } from '../../test/paintTiming';
import { resetFirstPaint } from '../lib/firstPaint';
import { db } from '../offline/db';
import { offlineImageUrl } from '../offline/imageStore';
import { ResponsiveImage } from './ResponsiveImage';

const PATH = '/api/uploads/gallery/salotto.jpg';

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:kept-copy');
  URL.revokeObjectURL = vi.fn();
});

afterEach(async () => {
  cleanup();
  await db.images.clear();
});

describe('ResponsiveImage', () => {
  it('asks the resize endpoint with a srcset and a fixed box', () => {
    render(<ResponsiveImage path={PATH} alt="Salotto" width={200} height={150} />);
    const img = screen.getByRole('img', { name: 'Salotto' });
    expect(img.getAttribute('src')).toBe('/api/images/resize/uploads/gallery/salotto.jpg?size=240');
    expect(img.getAttribute('srcset')).toContain('size=480 480w');
    expect(img.getAttribute('width')).toBe('200');
  });

  it('shows the copy kept in IndexedDB when the picture cannot load, without telling the caller', async () => {
    const url = offlineImageUrl(PATH, 200, 150);
    if (!url) throw new Error('fixture');
    await db.images.put({ url, userId: '7', data: new ArrayBuffer(8), type: 'image/webp', bytes: 8, savedAt: 1 });
    const onError = vi.fn();
    render(<ResponsiveImage path={PATH} alt="Salotto" width={200} height={150} onError={onError} />);
    const img = screen.getByRole('img', { name: 'Salotto' });
    fireEvent.error(img);
    await waitFor(() => expect(img.getAttribute('src')).toBe('blob:kept-copy'));
    expect(img.getAttribute('srcset')).toBeNull();
    expect(onError).not.toHaveBeenCalled();
  });

  it('tells the caller when no copy was kept', async () => {
    const onError = vi.fn();
    render(<ResponsiveImage path={PATH} alt="Salotto" width={200} height={150} onError={onError} />);
    fireEvent.error(screen.getByRole('img', { name: 'Salotto' }));
    await waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
    expect(URL.createObjectURL).not.toHaveBeenCalled();
  });

  describe('on a first visit', () => {
    beforeEach(() => {
      stubPaintTiming();
    });
    afterEach(() => {
      vi.unstubAllGlobals();
      resetFirstPaint();
    });

    it('asks for a picture below the fold once the page has painted, keeping its box meanwhile', () => {
      render(<ResponsiveImage path={PATH} alt="Salotto" width={200} height={150} />);
      const img = screen.getByAltText('Salotto');
      expect(img.getAttribute('src')).toBeNull();
      expect(img.getAttribute('srcset')).toBeNull();
      expect(img.getAttribute('width')).toBe('200');
      expect(img.style.visibility).toBe('hidden');
      act(() => FakePaintObserver.paint('first-contentful-paint'));
      expect(img.getAttribute('src')).toBe('/api/images/resize/uploads/gallery/salotto.jpg?size=240');
      expect(img.getAttribute('srcset')).toContain('size=480 480w');
      expect(img.style.visibility).toBe('');
    });

    it('asks for a priority picture at once: it is part of the first paint', () => {
      render(<ResponsiveImage path={PATH} alt="Salotto" width={200} height={150} priority />);
      const img = screen.getByRole('img', { name: 'Salotto' });
      expect(img.getAttribute('src')).toBe('/api/images/resize/uploads/gallery/salotto.jpg?size=240');
      expect(img.getAttribute('fetchpriority')).toBe('high');
    });
  });
});

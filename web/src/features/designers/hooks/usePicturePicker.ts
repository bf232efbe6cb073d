import { useCallback, useState } from 'react';
import { t } from '../../../shared/i18n/t';
import '../../../shared/i18n/parts/designers';
import { useLatest } from '../../../shared/lib/useLatest';
import { MAX_GALLERY } from '../lib/designer';
import { galleryKey, moveItem, roomLeft, storedItems, type GalleryItem } from '../lib/gallery';
import { GALLERY_SIZE, PROFILE_PHOTO_SIZE, isImageFile, resizeImageFile } from '../lib/resizeImage';

export interface GalleryPicker {
  items: GalleryItem[];
  /** Pictures being resized right now. */
  processing: number;
  /** The spec's alerts for files that could not be added ('File X is not an image', ...). */
  problems: string[];
  addFiles: (files: Iterable<File>) => Promise<void>;
  remove: (key: string) => void;
  move: (key: string, step: -1 | 1) => void;
  reset: (paths?: readonly string[]) => void;
  dismissProblems: () => void;
}

/**
 * The gallery being built or edited: up to 12 pictures, each new one resized on the device to
 * 600×450 at quality 0.7, kept as a data URL until the form is sent. Files that are not pictures, or
 * cannot be read, are reported by name and skipped; the others are still added.
 */
export function useGalleryPicker(initial: readonly string[] = []): GalleryPicker {
  const [items, setItems] = useState<GalleryItem[]>(() => storedItems(initial));
  const [processing, setProcessing] = useState(0);
  const [problems, setProblems] = useState<string[]>([]);
  const state = useLatest({ items, processing });

  const addFiles = useCallback(async (files: Iterable<File>) => {
    const list = Array.from(files);
    const found: string[] = [];
    const room = roomLeft(state.current.items, state.current.processing);
    const accepted: File[] = [];
    for (const file of list) {
      if (!isImageFile(file)) found.push(t('designers.alert.notImage', { name: file.name }));
      else if (accepted.length < room) accepted.push(file);
    }
    const skipped = list.filter(isImageFile).length - accepted.length;
    if (skipped > 0) found.push(t('designers.alert.galleryFull', { max: MAX_GALLERY }));
    setProblems(found);
    if (accepted.length === 0) return;
    setProcessing((n) => n + accepted.length);
    // One at a time: the gallery keeps the order the files were chosen in, and a phone never holds
    // several full-size photos decoded at once.
    for (const file of accepted) {
      try {
        const dataUrl = await resizeImageFile(file, GALLERY_SIZE);
        setItems((current) =>
          current.length >= MAX_GALLERY ? current : [...current, { key: galleryKey(), kind: 'new', dataUrl, name: file.name }],
        );
      } catch {
        setProblems((current) => [...current, t('designers.alert.processing', { name: file.name })]);
      } finally {
        setProcessing((n) => n - 1);
      }
    }
  }, [state]);

  const remove = useCallback((key: string) => setItems((current) => current.filter((item) => item.key !== key)), []);
  const move = useCallback(
    (key: string, step: -1 | 1) =>
      setItems((current) =>
        moveItem(
          current,
          current.findIndex((item) => item.key === key),
          step,
        ),
      ),
    [],
  );
  const reset = useCallback((paths: readonly string[] = []) => {
    setItems(storedItems(paths));
    setProblems([]);
  }, []);
  const dismissProblems = useCallback(() => setProblems([]), []);
  return { items, processing, problems, addFiles, remove, move, reset, dismissProblems };
}

/** The profile photo being chosen: a stored path, a new data URL, or nothing. */
export interface PhotoPicker {
  /** What to show: stored path or data URL; '' for none. */
  value: string;
  changed: boolean;
  processing: boolean;
  problem: string | null;
  choose: (file: File) => Promise<void>;
  clear: () => void;
  reset: (stored?: string) => void;
}

/** The optional profile photo: resized to 600×600 on the device, removable. */
export function usePhotoPicker(stored = ''): PhotoPicker {
  const [original, setOriginal] = useState(stored);
  const [value, setValue] = useState(stored);
  const [processing, setProcessing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const choose = useCallback(async (file: File) => {
    setProblem(null);
    if (!isImageFile(file)) {
      setProblem(t('designers.alert.notImage', { name: file.name }));
      return;
    }
    setProcessing(true);
    try {
      setValue(await resizeImageFile(file, PROFILE_PHOTO_SIZE));
    } catch {
      setProblem(t('designers.alert.processing', { name: file.name }));
    } finally {
      setProcessing(false);
    }
  }, []);
  const clear = useCallback(() => {
    setValue('');
    setProblem(null);
  }, []);
  const reset = useCallback((next = '') => {
    setOriginal(next);
    setValue(next);
    setProblem(null);
  }, []);
  return { value, changed: value !== original, processing, problem, choose, clear, reset };
}

/**
 * Pictures are made small on the device before they are sent: gallery images become 600×450 JPEGs
 * at quality 0.7 (designer spec, section 9), profile photos 600×600. Both are cropped from the
 * centre to fill the frame, so nothing is stretched and every gallery tile has the same shape.
 */
export const GALLERY_SIZE = { width: 600, height: 450, quality: 0.7 } as const;
export const PROFILE_PHOTO_SIZE = { width: 600, height: 600, quality: 0.8 } as const;

export interface TargetSize {
  width: number;
  height: number;
  quality: number;
}

export interface CropRect {
  sx: number;
  sy: number;
  sw: number;
  sh: number;
}

/** The centred part of a source that fills the target's shape (CSS object-fit: cover). */
export function coverCrop(sourceWidth: number, sourceHeight: number, targetWidth: number, targetHeight: number): CropRect {
  const sourceRatio = sourceWidth / sourceHeight;
  const targetRatio = targetWidth / targetHeight;
  if (sourceRatio > targetRatio) {
    const sw = Math.round(sourceHeight * targetRatio);
    return { sx: Math.round((sourceWidth - sw) / 2), sy: 0, sw, sh: sourceHeight };
  }
  const sh = Math.round(sourceWidth / targetRatio);
  return { sx: 0, sy: Math.round((sourceHeight - sh) / 2), sw: sourceWidth, sh };
}

/** True when the browser says the file is a picture. */
export function isImageFile(file: Pick<File, 'type'>): boolean {
  return file.type.startsWith('image/');
}

interface Decoded {
  source: CanvasImageSource;
  width: number;
  height: number;
  release: () => void;
}

async function decode(file: Blob): Promise<Decoded> {
  if (typeof createImageBitmap === 'function') {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    return { source: bitmap, width: bitmap.width, height: bitmap.height, release: () => bitmap.close() };
  }
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.decoding = 'async';
    image.src = url;
    await image.decode();
    return { source: image, width: image.naturalWidth, height: image.naturalHeight, release: () => undefined };
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Decodes, crops and re-encodes a picture as a JPEG data URL of exactly the target size. */
export async function resizeImageFile(file: Blob, target: TargetSize): Promise<string> {
  const decoded = await decode(file);
  try {
    if (decoded.width < 1 || decoded.height < 1) throw new Error('empty image');
    const canvas = document.createElement('canvas');
    canvas.width = target.width;
    canvas.height = target.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, target.width, target.height);
    context.imageSmoothingEnabled = true;
    context.imageSmoothingQuality = 'high';
    const crop = coverCrop(decoded.width, decoded.height, target.width, target.height);
    context.drawImage(decoded.source, crop.sx, crop.sy, crop.sw, crop.sh, 0, 0, target.width, target.height);
    const dataUrl = canvas.toDataURL('image/jpeg', target.quality);
    if (!dataUrl.startsWith('data:image/jpeg')) throw new Error('JPEG encoding unavailable');
    return dataUrl;
  } finally {
    decoded.release();
  }
}

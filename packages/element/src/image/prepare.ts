import { ACCEPTED_IMAGE_TYPES, type ImageType, sniffImageType } from '@room-restyler/core/image-type';

export interface ImageLimits {
  /** Largest accepted original file, in bytes. */
  maxBytes: number;
  minWidth: number;
  minHeight: number;
  /** Longest side after downscaling. */
  maxSide: number;
}

/**
 * The original never leaves the device (it is re-encoded at `maxSide`), so `maxBytes` only bounds
 * what is decoded: wide enough for a photo straight from a 50–100 MP camera.
 */
export const DEFAULT_LIMITS: ImageLimits = { maxBytes: 40 * 1024 * 1024, minWidth: 512, minHeight: 384, maxSide: 2048 };

/** Why a picked file was refused; `details` fills the localized message. */
export type ImageProblem =
  | { kind: 'type' }
  | { kind: 'heic' }
  | { kind: 'size'; bytes: number }
  | { kind: 'dims'; width: number; height: number }
  | { kind: 'decode' }
  | { kind: 'url' }
  | { kind: 'unreachable' };

export class ImageRejectedError extends Error {
  constructor(readonly problem: ImageProblem) {
    super(`image rejected: ${problem.kind}`);
    this.name = 'ImageRejectedError';
  }
}

export interface PreparedImage {
  blob: Blob;
  width: number;
  height: number;
  /** The format of the original file, by its first bytes. */
  sourceFormat: ImageType;
}

/**
 * Checks a picked file (magic bytes, size, dimensions) and re-encodes it as a JPEG of at most
 * `maxSide` px. The browser applies EXIF orientation while decoding, so no manual rotation;
 * re-encoding also drops EXIF (location) metadata before anything leaves the device.
 */
export async function prepareImage(file: Blob, limits: ImageLimits = DEFAULT_LIMITS): Promise<PreparedImage> {
  const sourceFormat = sniffImageType(new Uint8Array(await file.slice(0, 16).arrayBuffer()));
  // An iPhone's HEIC is converted like any photo where the browser decodes it (Safari), else it gets its own advice.
  const heic = sourceFormat === 'image/heic';
  if (!sourceFormat || !(heic || ACCEPTED_IMAGE_TYPES.includes(sourceFormat))) throw new ImageRejectedError({ kind: 'type' });
  if (file.size > limits.maxBytes) throw new ImageRejectedError({ kind: 'size', bytes: file.size });
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw new ImageRejectedError({ kind: heic ? 'heic' : 'decode' });
  }
  try {
    const { width, height } = bitmap;
    if (width < limits.minWidth || height < limits.minHeight) throw new ImageRejectedError({ kind: 'dims', width, height });
    const scale = Math.min(1, limits.maxSide / Math.max(width, height));
    const w = Math.round(width * scale);
    const h = Math.round(height * scale);
    const canvas = new OffscreenCanvas(w, h);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new ImageRejectedError({ kind: 'decode' });
    // JPEG has no alpha: paint transparent PNG areas white rather than black.
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, w, h);
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(bitmap, 0, 0, w, h);
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.85 });
    return { blob, width: w, height: h, sourceFormat };
  } finally {
    bitmap.close();
  }
}

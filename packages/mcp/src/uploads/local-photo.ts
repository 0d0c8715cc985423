/**
 * The bytes of a local photo as the upload route accepts them: JPEG, PNG or WebP by content (never
 * by name). HEIC/HEIF — what iPhones save — is converted to JPEG where this machine's sharp can
 * decode it (AV1-coded HEIF); the usual HEVC-coded HEIC it cannot (its prebuilt libvips has no
 * HEVC decoder), so the user gets a command that converts it on their system.
 */
import { extname } from 'node:path';
import { sniffImageType } from '@room-restyler/core/internal';
import { InputError } from '../user-errors.js';

export type UploadType = 'image/jpeg' | 'image/png' | 'image/webp';

export interface LocalPhoto {
  bytes: Uint8Array<ArrayBuffer>;
  type: UploadType;
}

const HEIF_EXTENSIONS = new Set(['.heic', '.heif']);
export const PHOTO_EXTENSIONS = new Set(['.jpg', '.jpeg', '.png', '.webp', ...HEIF_EXTENSIONS]);

export const HEIC_HINT =
  'Convert it to JPEG first — macOS: `sips -s format jpeg photo.heic --out photo.jpg`; ' +
  'Windows: open it in Photos and use Save as → .jpg, or `magick photo.heic photo.jpg` (ImageMagick); ' +
  'Linux: `heif-convert photo.heic photo.jpg` (package libheif-examples) — then pass the .jpg. ' +
  'iPhones save JPEG when Settings → Camera → Formats is set to Most Compatible.';

export async function localPhoto(path: string, bytes: Uint8Array<ArrayBuffer>): Promise<LocalPhoto> {
  const type = sniffImageType(bytes);
  if (type === 'image/heic' || (type === undefined && HEIF_EXTENSIONS.has(extname(path).toLowerCase())))
    return { bytes: await heifToJpeg(path, bytes), type: 'image/jpeg' };
  if (type === undefined)
    throw new InputError(
      `image_path "${path}" is not a JPEG, PNG or WebP image by its content (whatever its name says). Export it as JPEG and try again.`,
    );
  return { bytes, type };
}

async function heifToJpeg(path: string, bytes: Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
  // Loaded only here: most calls never convert anything.
  const { default: sharp } = await import('sharp');
  try {
    return new Uint8Array(await sharp(bytes).rotate().jpeg({ quality: 90 }).toBuffer());
  } catch {
    throw new InputError(`image_path "${path}" is a HEIC photo, which this computer cannot convert (no HEVC decoder). ${HEIC_HINT}`);
  }
}

/**
 * Small previews as image content, so clients that drop `resource_link` still show the result.
 * Clients reject results over ~1 MiB, so all previews together stay within a budget counted as
 * sent (base64): each image is downscaled, re-encoded smaller if needed, or left out.
 */
import type { ImageContent } from '@modelcontextprotocol/sdk/types.js';
import sharp from 'sharp';
import type { DownloadedImage } from './download.js';

/** Tried in order until one fits what is left of the budget. */
const ATTEMPTS = [
  { maxSide: 768, quality: 75 },
  { maxSide: 512, quality: 60 },
  { maxSide: 320, quality: 50 },
] as const;

export interface Previews {
  images: ImageContent[];
  /** Images without a preview (budget exhausted or not decodable). */
  omitted: number;
  /** Base64 bytes used. */
  bytes: number;
}

export async function makePreviews(images: readonly DownloadedImage[], budgetBytes: number): Promise<Previews> {
  const result: Previews = { images: [], omitted: 0, bytes: 0 };
  for (const image of images) {
    const preview = await smallestFitting(image.bytes, budgetBytes - result.bytes);
    if (!preview) {
      result.omitted++;
      continue;
    }
    result.images.push({ type: 'image', data: preview, mimeType: 'image/jpeg' });
    result.bytes += preview.length;
  }
  return result;
}

async function smallestFitting(bytes: Buffer, left: number): Promise<string | undefined> {
  if (left <= 0) return undefined;
  for (const { maxSide, quality } of ATTEMPTS) {
    let encoded: string;
    try {
      const jpeg = await sharp(bytes, { limitInputPixels: 100_000_000 })
        .rotate()
        .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality, mozjpeg: true })
        .toBuffer();
      encoded = jpeg.toString('base64');
    } catch {
      return undefined;
    }
    if (encoded.length <= left) return encoded;
  }
  return undefined;
}

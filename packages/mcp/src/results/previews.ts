/**
 * Small previews as image content, so clients that drop `resource_link` still show the result.
 * Clients reject results over ~1 MiB, so all previews together stay within a budget counted as
 * sent (base64). Each image gets an even share of what is left, so many images come back as many
 * smaller previews rather than a few large ones; an image that fits no size in its share is left out.
 */
import type { ImageContent } from '@modelcontextprotocol/sdk/types.js';
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
  for (const [index, image] of images.entries()) {
    const share = Math.floor((budgetBytes - result.bytes) / (images.length - index));
    const preview = await largestFitting(image.bytes, share);
    if (!preview) {
      result.omitted++;
      continue;
    }
    result.images.push({ type: 'image', data: preview, mimeType: 'image/jpeg' });
    result.bytes += preview.length;
  }
  return result;
}

async function largestFitting(bytes: Buffer, left: number): Promise<string | undefined> {
  if (left <= 0) return undefined;
  // Loaded on first use: the native library is the largest part of the server's cold start.
  const { default: sharp } = await import('sharp');
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

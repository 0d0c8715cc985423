/**
 * Small previews as image content, so clients that drop `resource_link` still show the result.
 * Clients reject results over ~1 MiB, so all previews together stay within a budget counted as
 * sent (base64). Each image gets an even share of what is left, so many images come back as many
 * smaller previews rather than a few large ones; an image that fits no size in its share is left out.
 *
 * Previews are made with sharp. Where sharp does not load (an install that skipped its optional
 * native package, a bundle built for another platform), an image the client can show as it is
 * comes back unchanged when it fits its share; the others are left out and `unavailable` says why.
 * A preview never fails the call: the job it shows has already been paid for.
 */
import type { ImageContent } from '@modelcontextprotocol/sdk/types.js';
import type { DownloadedImage } from './download.js';

/** Tried in order until one fits what is left of the budget. */
const ATTEMPTS = [
  { maxSide: 768, quality: 75 },
  { maxSide: 512, quality: 60 },
  { maxSide: 320, quality: 50 },
] as const;

/** What MCP clients display as image content without converting it. */
const SHOWN_AS_IS = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);

type Sharp = typeof import('sharp');
/** Loads sharp, or says why it cannot be loaded. */
export type LoadSharp = () => Promise<Sharp>;

export interface Previews {
  images: ImageContent[];
  /** Images without a preview (budget exhausted, not decodable, or no sharp to shrink them). */
  omitted: number;
  /** Base64 bytes used. */
  bytes: number;
  /** Why sharp did not load (its first line), when previews had to be made without it. */
  unavailable?: string;
}

// Loaded on first use: the native library is the largest part of the server's cold start.
const loadSharp: LoadSharp = async () => (await import('sharp')).default;

export async function makePreviews(
  images: readonly DownloadedImage[],
  budgetBytes: number,
  load: LoadSharp = loadSharp,
): Promise<Previews> {
  const result: Previews = { images: [], omitted: 0, bytes: 0 };
  let sharp: Sharp | undefined;
  if (images.length > 0 && budgetBytes > 0)
    sharp = await load().catch((error: unknown) => {
      result.unavailable = (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
      return undefined;
    });
  for (const [index, image] of images.entries()) {
    const share = Math.floor((budgetBytes - result.bytes) / (images.length - index));
    const preview = sharp ? await largestFitting(sharp, image.bytes, share) : asItIs(image, share);
    if (!preview) {
      result.omitted++;
      continue;
    }
    result.images.push(preview);
    result.bytes += preview.data.length;
  }
  return result;
}

async function largestFitting(sharp: Sharp, bytes: Buffer, left: number): Promise<ImageContent | undefined> {
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
    if (encoded.length <= left) return { type: 'image', data: encoded, mimeType: 'image/jpeg' };
  }
  return undefined;
}

function asItIs(image: DownloadedImage, left: number): ImageContent | undefined {
  if (!SHOWN_AS_IS.has(image.contentType)) return undefined;
  const encoded = image.bytes.toString('base64');
  return encoded.length <= left ? { type: 'image', data: encoded, mimeType: image.contentType } : undefined;
}

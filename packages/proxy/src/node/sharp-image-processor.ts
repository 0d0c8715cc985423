/**
 * The sharp re-encoder behind uploads: decodes within a pixel cap, applies the EXIF orientation, fits
 * the long edge, flattens transparency and writes a fresh JPEG: nothing of the original survives but its pixels.
 */
import type sharp from 'sharp';
import { type ImageProcessor, ImageRejectedError } from '../uploads/interfaces.js';
import { importPeer } from './optional-peer.js';

let loading: Promise<typeof sharp> | undefined;

/** sharp, an optional peer, imported once at first need: a proxy without uploads runs without it. */
export function loadSharp(): Promise<typeof sharp> {
  loading ??= importPeer('sharp', 'image uploads', () => import('sharp')).then((module) => module.default);
  return loading;
}

/** `quality`: the JPEG quality, default 85. */
export function createSharpImageProcessor(options: { quality?: number } = {}): ImageProcessor {
  const quality = options.quality ?? 85;
  return {
    async process(bytes, limits) {
      const decode = await loadSharp();
      const input = () => decode(bytes, { limitInputPixels: limits.maxPixels, failOn: 'truncated', animated: false });
      const { width, height } = await decoding(() => input().metadata(), limits.maxPixels, 'The file is not a readable image');
      // Checked from the header before any pixel is decoded: a bomb never reaches the decoder.
      if (!width || !height) throw new ImageRejectedError('invalid_image', 'The image has no dimensions');
      if (width * height > limits.maxPixels) throw tooManyPixels(limits.maxPixels);
      const encode = () =>
        input()
          .rotate()
          .resize({ width: limits.maxEdge, height: limits.maxEdge, fit: 'inside', withoutEnlargement: true })
          .flatten({ background: '#ffffff' })
          .jpeg({ quality })
          .toBuffer({ resolveWithObject: true });
      const { data, info } = await decoding(encode, limits.maxPixels, 'The image is corrupt or truncated');
      return { bytes: asBytes(data), contentType: 'image/jpeg', width: info.width, height: info.height };
    },
  };
}

/** A Node Buffer's bytes, without a copy. */
export const asBytes = (data: Buffer) => new Uint8Array(data.buffer, data.byteOffset, data.byteLength) as Uint8Array<ArrayBuffer>;

const tooManyPixels = (maxPixels: number) => new ImageRejectedError('too_many_pixels', `The image has more than ${maxPixels} pixels`);

/** What `step` gives; its failure (sharp also throws synchronously) a rejection: sharp's own pixel-limit error is a bomb, anything else an unreadable image. */
async function decoding<T>(step: () => Promise<T>, maxPixels: number, message: string): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw tooManyPixels(maxPixels);
    throw new ImageRejectedError('invalid_image', message);
  }
}

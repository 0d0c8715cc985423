/**
 * A mask upload stays the PNG it is (re-encoding it as a photo would blur its edges), but only the chunks that
 * draw it are kept: no metadata, nothing after IEND (no polyglot), and a pixel count read from IHDR within the cap.
 */
import { ImageRejectedError, type ProcessedImage } from './interfaces.js';

const SIGNATURE_BYTES = 8;
/** Length, type and CRC around each chunk's data. */
const CHUNK_OVERHEAD = 12;
const KEPT_CHUNKS = new Set(['IHDR', 'PLTE', 'tRNS', 'IDAT', 'IEND']);

const invalid = () => new ImageRejectedError('invalid_image', 'The mask is not a complete PNG image');

/** `bytes`, sniffed as a PNG, reduced to its image chunks; throws `ImageRejectedError` when broken or over `maxPixels`. */
export async function maskPng(bytes: Uint8Array, maxPixels: number): Promise<ProcessedImage> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const kept: Uint8Array[] = [bytes.subarray(0, SIGNATURE_BYTES)];
  const types: string[] = [];
  for (let offset = SIGNATURE_BYTES; types.at(-1) !== 'IEND'; ) {
    if (offset + CHUNK_OVERHEAD > bytes.byteLength) throw invalid();
    const end = offset + CHUNK_OVERHEAD + view.getUint32(offset);
    if (end > bytes.byteLength) throw invalid();
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
    if (KEPT_CHUNKS.has(type)) kept.push(bytes.subarray(offset, end));
    types.push(type);
    offset = end;
  }
  const width = view.getUint32(SIGNATURE_BYTES + 8);
  const height = view.getUint32(SIGNATURE_BYTES + 12);
  if (types[0] !== 'IHDR' || !types.includes('IDAT') || width === 0 || height === 0) throw invalid();
  if (width * height > maxPixels) throw new ImageRejectedError('too_many_pixels', `The mask has more than ${maxPixels} pixels`);
  const clean = new Uint8Array(await new Blob(kept as Uint8Array<ArrayBuffer>[]).arrayBuffer());
  return { bytes: clean, contentType: 'image/png', width, height };
}

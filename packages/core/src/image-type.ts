/**
 * The image type by its first bytes; a declared Content-Type or a file name is never trusted.
 * One sniffer for the element (before an upload), the proxy (uploads) and the MCP server (local photos).
 */

export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/heic';

/** What the service accepts; HEIC is recognised so it can be refused with a useful message. */
export const ACCEPTED_IMAGE_TYPES: readonly ImageType[] = ['image/jpeg', 'image/png', 'image/webp'];

/** Needs at most the first 16 bytes. */
export function sniffImageType(bytes: Uint8Array): ImageType | undefined {
  const at = (offset: number, ...expected: number[]) => expected.every((byte, i) => bytes[offset + i] === byte);
  const ascii = (offset: number, text: string) => at(offset, ...[...text].map((c) => c.charCodeAt(0)));
  if (at(0, 0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) return 'image/webp';
  if (ascii(4, 'ftyp') && ['heic', 'heix', 'hevc', 'heim', 'heis', 'mif1', 'msf1'].some((brand) => ascii(8, brand))) return 'image/heic';
  return undefined;
}

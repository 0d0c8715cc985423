/** Image formats the service accepts, recognised by their first bytes (file names and MIME types lie). */
export type ImageFormat = 'image/jpeg' | 'image/png' | 'image/webp';

const startsWith = (bytes: Uint8Array, sig: readonly number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);

export function sniffFormat(bytes: Uint8Array): ImageFormat | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  // RIFF....WEBP
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return undefined;
}

export async function sniffBlob(blob: Blob): Promise<ImageFormat | undefined> {
  return sniffFormat(new Uint8Array(await blob.slice(0, 16).arrayBuffer()));
}

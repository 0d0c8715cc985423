/**
 * Downloads the caller's `image_url` with a size cap and a timeout. Loopback URLs are allowed on
 * purpose: tests and the key proxy serve photos on localhost.
 */
import { ImageInputError } from './render.js';

export interface FetchImageLimits {
  maxBytes: number;
  timeoutMs: number;
}

/** Media types that cannot be an image; anything else (including none) is left to the decoder. */
const NOT_AN_IMAGE = /^(text\/|application\/(json|xml|javascript|xhtml))/i;

async function readCapped(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = body.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    total += next.value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new ImageInputError(`image_url is larger than ${maxBytes} bytes`);
    }
    chunks.push(next.value);
  }
  return Buffer.concat(chunks);
}

export async function fetchImage(url: string, limits: FetchImageLimits, signal: AbortSignal): Promise<Buffer> {
  const timeout = AbortSignal.timeout(limits.timeoutMs);
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.any([signal, timeout]), redirect: 'follow', headers: { accept: 'image/*' } });
  } catch {
    if (signal.aborted) throw signal.reason;
    throw new ImageInputError(
      timeout.aborted
        ? `Could not fetch image_url: no response within ${limits.timeoutMs} ms`
        : 'Could not fetch image_url: connection failed',
    );
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel().catch(() => {});
    throw new ImageInputError(`Could not fetch image_url: HTTP ${response.status}`);
  }
  const type = response.headers.get('content-type') ?? '';
  if (NOT_AN_IMAGE.test(type)) {
    await response.body.cancel().catch(() => {});
    throw new ImageInputError(`image_url is not an image (Content-Type ${type.split(';')[0]})`);
  }
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > limits.maxBytes) {
    await response.body.cancel().catch(() => {});
    throw new ImageInputError(`image_url is larger than ${limits.maxBytes} bytes`);
  }
  try {
    return await readCapped(response.body, limits.maxBytes);
  } catch (error) {
    if (error instanceof ImageInputError) throw error;
    if (signal.aborted) throw signal.reason;
    throw new ImageInputError(
      timeout.aborted
        ? `Could not fetch image_url: no response within ${limits.timeoutMs} ms`
        : 'Could not fetch image_url: the download broke off',
    );
  }
}

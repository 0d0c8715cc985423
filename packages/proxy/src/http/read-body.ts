/** Request bodies, cut off at their cap while streaming (never buffered whole) and at a deadline (slowloris). */
import type { ProxyRequest } from './proxy-request.js';
import { ProxyHttpError } from './responses.js';

export interface BodyLimits {
  maxBytes: number;
  timeoutMs: number;
}

export const payloadTooLarge = (maxBytes: number, what = 'request body') =>
  new ProxyHttpError(413, 'payload_too_large', `The ${what} is larger than ${maxBytes} bytes`, { extra: { max_bytes: maxBytes } });

export async function readBody(request: ProxyRequest, limits: BodyLimits): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  await readBodyChunks(request, limits, (chunk) => {
    chunks.push(chunk as Uint8Array<ArrayBuffer>);
  });
  return new Uint8Array(await new Blob(chunks).arrayBuffer());
}

/** Hands each chunk to `onChunk` (awaited: a slow sink slows the reading) within the cap and deadline. */
export async function readBodyChunks(
  request: ProxyRequest,
  limits: BodyLimits,
  onChunk: (chunk: Uint8Array) => void | Promise<void>,
): Promise<void> {
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > limits.maxBytes) throw payloadTooLarge(limits.maxBytes);
  if (!request.body) return;

  const reader = request.body.getReader();
  let total = 0;
  // The deadline cancels the reader, which ends the pending read. (Racing each read against one
  // long-lived timeout promise would keep every chunk reachable from it until the body ends.)
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    reader.cancel().catch(() => {});
  }, limits.timeoutMs);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (timedOut) throw new ProxyHttpError(408, 'body_timeout', `The request body did not arrive within ${limits.timeoutMs} ms`);
      if (done) break;
      total += value.byteLength;
      if (total > limits.maxBytes) throw payloadTooLarge(limits.maxBytes);
      await onChunk(value);
    }
  } catch (error) {
    reader.cancel().catch(() => {});
    if (error instanceof ProxyHttpError) throw error;
    throw new ProxyHttpError(400, 'bad_body', 'The request body could not be read');
  } finally {
    clearTimeout(timer);
  }
}

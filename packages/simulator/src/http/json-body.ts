/** Reads a JSON request body with a size cap enforced while reading, not after. */
import type { IncomingMessage } from 'node:http';

export const MAX_BODY_BYTES = 64 * 1024;

export type BodyResult = { ok: true; value: unknown } | { ok: false; error: string };

export function isJsonContentType(header: string | undefined): boolean {
  const type = header?.split(';')[0]?.trim().toLowerCase();
  return type === 'application/json' || (type?.startsWith('application/') === true && type.endsWith('+json'));
}

export async function readJsonBody(req: IncomingMessage, maxBytes = MAX_BODY_BYTES): Promise<BodyResult> {
  if (!isJsonContentType(req.headers['content-type'])) return { ok: false, error: 'Content-Type must be application/json' };
  const declared = Number(req.headers['content-length'] ?? '0');
  const tooLarge: BodyResult = { ok: false, error: `Request body is larger than ${maxBytes} bytes` };
  if (declared > maxBytes) return tooLarge;
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    total += chunk.byteLength;
    // Stop buffering at once; the server closes the connection after answering, so the rest is never read.
    if (total > maxBytes) return tooLarge;
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return { ok: false, error: 'Request body is empty; send a JSON object' };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, error: 'Request body is not valid JSON' };
  }
}

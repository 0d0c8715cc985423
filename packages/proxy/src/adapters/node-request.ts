/** Translation between node:http messages and fetch Requests/Responses, streaming both ways. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { jsonTextOf, ProxyHttpError } from '../http/responses.js';

const FRAMING_HEADERS = new Set(['transfer-encoding', 'connection', 'keep-alive', 'upgrade', 'http2-settings']);
const SANE_HOST = /^(?:[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

/**
 * The fetch Request for a node request, or undefined when the target is not origin-form
 * (`GET http://evil.com/ HTTP/1.1`, `OPTIONS *`): the proxy is not a forward proxy.
 */
export function toRequest(req: IncomingMessage): Request | undefined {
  // Express strips its mount path from req.url; the proxy matches its prefix against the full path.
  const target = (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '/';
  if (!target.startsWith('/')) return undefined;
  const host = req.headers.host && SANE_HOST.test(req.headers.host) ? req.headers.host : 'localhost';
  const protocol = (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    // HTTP/2 pseudo-headers and framing headers are the server's business, not the handler's.
    if (value === undefined || name.startsWith(':') || FRAMING_HEADERS.has(name)) continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(`${protocol}://${host}${target}`, {
    method: req.method ?? 'GET',
    headers,
    ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
  } as RequestInit);
}

export const notOriginForm = () => new ProxyHttpError(404, 'not_found', 'No such route on this proxy').toResponse();

/** Methods that fetch's Request refuses to represent: answered here, before a Request is built. */
const UNREPRESENTABLE_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);

/** A JSON answer for a request the fetch-standard core cannot even receive, or undefined when it can. */
export function refusedBeforeRequest(req: IncomingMessage): Response | undefined {
  if (UNREPRESENTABLE_METHODS.has((req.method ?? '').toUpperCase())) {
    return new ProxyHttpError(405, 'method_not_allowed', `${req.method} is not allowed on this proxy`).toResponse();
  }
  return undefined;
}

const isStream = (response: Response) => response.headers.get('content-type')?.startsWith('text/event-stream') ?? false;

/** Writes a fetch Response to a node response, streaming (SSE) with backpressure; stops when the client goes away. */
export async function writeResponse(req: IncomingMessage, res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  // A refused body was not read to its end: close the connection instead of draining an attacker's upload.
  if (!req.complete) headers.connection = 'close';
  if (!response.body || !isStream(response)) {
    // Everything but event streams is small and bounded (JSON, a ≤ 2048 px image): send it with a length.
    const text = jsonTextOf(response);
    const body = text !== undefined ? Buffer.from(text) : response.body ? Buffer.from(await response.arrayBuffer()) : undefined;
    if (body) headers['content-length'] = String(body.byteLength);
    res.writeHead(response.status, headers).end(body);
    return;
  }
  res.writeHead(response.status, headers);
  const reader = response.body.getReader();
  const onClose = () => void reader.cancel().catch(() => {});
  res.once('close', onClose);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!res.write(value)) await new Promise<void>((resolve) => res.once('drain', resolve).once('close', resolve));
      if (res.destroyed) break;
    }
  } catch {
    // The stream was cancelled because the client left.
  } finally {
    res.off('close', onClose);
    res.end();
  }
}

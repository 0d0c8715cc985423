/**
 * The request as the proxy core sees it, over node's IncomingMessage: no fetch Request is built,
 * and the body stream only when a route reads it.
 */
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { fetchHeaders, type ProxyRequest, type RequestHeaders } from '../http/proxy-request.js';
import type { JsonReply } from '../http/responses.js';
import { allowedMethods, methodNotAllowed, routeNotFound, SERVED_METHODS } from '../routes/table.js';

const FRAMING_HEADERS = new Set(['transfer-encoding', 'connection', 'keep-alive', 'upgrade', 'http2-settings']);
const SANE_HOST = /^(?:[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

/** HTTP/2 pseudo-headers and framing headers are the server's business, not the handler's. */
const hidden = (name: string) => name.charCodeAt(0) === 58 /* : */ || FRAMING_HEADERS.has(name);

/** node's parsed headers, read the way fetch's Headers would present them. */
class NodeRequestHeaders implements RequestHeaders {
  readonly #raw: IncomingHttpHeaders;

  constructor(raw: IncomingHttpHeaders) {
    this.#raw = raw;
  }

  get(name: string): string | null {
    const key = name.toLowerCase();
    if (hidden(key)) return null;
    const value = this.#raw[key];
    return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
  }

  forEach(callback: (value: string, name: string) => void): void {
    for (const name of Object.keys(this.#raw)) {
      const value = this.get(name);
      if (value !== null) callback(value, name);
    }
  }
}

class NodeRequest implements ProxyRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: RequestHeaders;
  readonly #req: IncomingMessage;
  #body: ReadableStream<Uint8Array> | undefined;

  constructor(req: IncomingMessage, url: string) {
    this.#req = req;
    this.method = req.method ?? 'GET';
    this.url = url;
    this.headers = new NodeRequestHeaders(req.headers);
  }

  get body(): ReadableStream<Uint8Array> | null {
    if (this.method === 'GET' || this.method === 'HEAD') return null;
    this.#body ??= bodyStream(this.#req);
    return this.#body;
  }
}

/**
 * The request body as a web stream, read as it is pulled. Cancelling it (a body refused before its
 * end) only stops reading: the connection stays up for the refusal, which the reply writer sends
 * before it drains or closes (`Readable.toWeb` would destroy the socket at once, and the client,
 * still sending, would see a reset instead of the answer).
 */
function bodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  let detach = () => {};
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const onData = (chunk: Buffer) => {
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 0) <= 0) req.pause();
      };
      const onEnd = () => {
        detach();
        controller.close();
      };
      const onError = (error: Error) => {
        detach();
        controller.error(error);
      };
      const onClose = () => onError(new Error('the client went away before the end of the body'));
      req.on('data', onData).once('end', onEnd).once('error', onError).once('close', onClose);
      detach = () => {
        req.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose);
      };
    },
    pull() {
      req.resume();
    },
    cancel() {
      detach();
      req.pause();
    },
  });
}

/**
 * The request as the core sees it, or undefined when the target is not origin-form
 * (`GET http://evil.com/ HTTP/1.1`, `OPTIONS *`): the proxy is not a forward proxy.
 */
export function toProxyRequest(req: IncomingMessage): ProxyRequest | undefined {
  // The proxy matches its prefix against the full path.
  const target = targetOf(req);
  if (!target.startsWith('/')) return undefined;
  const host = req.headers.host && SANE_HOST.test(req.headers.host) ? req.headers.host : 'localhost';
  const protocol = (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
  return new NodeRequest(req, `${protocol}://${host}${target}`);
}

/** A fetch Request over the view, for a proxy function that was not made by createRoomProxy (a user's wrapper). */
export function toFetchRequest(request: ProxyRequest): Request {
  const body = request.body;
  return new Request(request.url, {
    method: request.method,
    headers: fetchHeaders(request),
    ...(body ? { body, duplex: 'half' } : {}),
  } as RequestInit);
}

export const notOriginForm = () => routeNotFound().toReply();

/** Methods that fetch's Request refuses to represent: answered here, as the fetch core could not receive them. */
const UNREPRESENTABLE_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);

/**
 * A JSON answer for a request the fetch-standard core cannot even receive, or undefined when it
 * can: never served, so a 405 with the target's `Allow` (every method the proxy serves, for a
 * CONNECT to a host), or a 404 for a path the proxy does not serve.
 */
export function refusedBeforeRequest(req: IncomingMessage, prefix: string): JsonReply | undefined {
  const method = (req.method ?? '').toUpperCase();
  if (!UNREPRESENTABLE_METHODS.has(method)) return undefined;
  const target = targetOf(req);
  const allowed = target.startsWith('/') ? allowedMethods(target.replace(/[?#].*$/s, ''), prefix) : [...SERVED_METHODS];
  return (allowed.length > 0 ? methodNotAllowed(method, allowed) : routeNotFound()).toReply();
}

/** The request target as the client sent it; Express strips its mount path from req.url. */
function targetOf(req: IncomingMessage): string {
  return (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '/';
}

/**
 * The request as the proxy core sees it, over node's IncomingMessage: no fetch Request is built,
 * and the body stream only when a route reads it.
 */
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import type { ProxyRequest, RequestHeaders } from '../http/proxy-request.js';
import { type JsonReply, ProxyHttpError } from '../http/responses.js';

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
    this.#body ??= Readable.toWeb(this.#req) as ReadableStream<Uint8Array>;
    return this.#body;
  }
}

/**
 * The request as the core sees it, or undefined when the target is not origin-form
 * (`GET http://evil.com/ HTTP/1.1`, `OPTIONS *`): the proxy is not a forward proxy.
 */
export function toProxyRequest(req: IncomingMessage): ProxyRequest | undefined {
  // Express strips its mount path from req.url; the proxy matches its prefix against the full path.
  const target = (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '/';
  if (!target.startsWith('/')) return undefined;
  const host = req.headers.host && SANE_HOST.test(req.headers.host) ? req.headers.host : 'localhost';
  const protocol = (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
  return new NodeRequest(req, `${protocol}://${host}${target}`);
}

/** A fetch Request over the view, for a proxy function that was not made by createRoomProxy (a user's wrapper). */
export function toFetchRequest(request: ProxyRequest): Request {
  const headers = new Headers();
  request.headers.forEach((value, name) => {
    headers.append(name, value);
  });
  const body = request.body;
  return new Request(request.url, { method: request.method, headers, ...(body ? { body, duplex: 'half' } : {}) } as RequestInit);
}

export const notOriginForm = () => new ProxyHttpError(404, 'not_found', 'No such route on this proxy').toReply();

/** Methods that fetch's Request refuses to represent: answered here, as the fetch core could not receive them. */
const UNREPRESENTABLE_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);

/** A JSON answer for a request the fetch-standard core cannot even receive, or undefined when it can. */
export function refusedBeforeRequest(req: IncomingMessage): JsonReply | undefined {
  if (UNREPRESENTABLE_METHODS.has((req.method ?? '').toUpperCase())) {
    return new ProxyHttpError(405, 'method_not_allowed', `${req.method} is not allowed on this proxy`).toReply();
  }
  return undefined;
}

/**
 * What the core reads of a request. A fetch `Request` is one; the Node adapter provides one over an
 * IncomingMessage without building a fetch Request (undici's Request, its Headers and body stream
 * cost more than the rest of a poll put together).
 */
export interface RequestHeaders {
  /** The value, or null when absent; names are case-insensitive. */
  get(name: string): string | null;
  forEach(callback: (value: string, name: string) => void): void;
}

export interface ProxyRequest {
  readonly method: string;
  /** The absolute URL. */
  readonly url: string;
  readonly headers: RequestHeaders;
  /** The body, or null (GET, HEAD). Read at most once. */
  readonly body: ReadableStream<Uint8Array> | null;
}

const PATH = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*([^?#]*)/;

/**
 * The path of the request's URL as it came, without the query. Not normalised the way `new URL`
 * would (dot segments, backslashes): routing refuses those forms itself, and this runs on every poll.
 */
export function pathOf(request: ProxyRequest): string {
  return PATH.exec(request.url)?.[1] || '/';
}

/** A fetch Request over the view: its method, URL and headers, with `body` (the view's stream, or bytes already read). */
export function fetchRequest(request: ProxyRequest, body: ReadableStream<Uint8Array> | Uint8Array | null): Request {
  const headers = new Headers();
  request.headers.forEach((value, name) => {
    headers.append(name, value);
  });
  return new Request(request.url, { method: request.method, headers, ...(body ? { body, duplex: 'half' } : {}) } as RequestInit);
}

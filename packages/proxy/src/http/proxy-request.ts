/** What the core reads of a request: a fetch `Request` is one, and the Node adapter's view of an IncomingMessage. */
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

/** A `Host` (or forwarded host) the proxy accepts: a name or a bracketed IPv6 address, with an optional port. */
export const SANE_HOST = /^(?:[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;
/** An absolute URL's scheme, authority, path and the rest (query, fragment), as it came. */
export const URL_PARTS = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/([^/?#]*)([^?#]*)(.*)$/s;

/**
 * The path of the request's URL as it came, without the query. Not normalised the way `new URL`
 * would (dot segments, backslashes): routing refuses those forms itself, and this runs on every poll.
 */
export function pathOf(request: ProxyRequest): string {
  return URL_PARTS.exec(request.url)?.[3] || '/';
}

/** A fetch Request over the view: its method, URL and headers, with `body` (the view's stream, or bytes already read). */
export function fetchRequest(request: ProxyRequest, body: ReadableStream<Uint8Array> | Uint8Array | null): Request {
  const headers = new Headers();
  request.headers.forEach((value, name) => {
    headers.append(name, value);
  });
  return new Request(request.url, { method: request.method, headers, ...(body ? { body, duplex: 'half' } : {}) } as RequestInit);
}

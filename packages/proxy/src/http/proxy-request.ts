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

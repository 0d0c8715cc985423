/** JSON responses and the one error type every route throws; all errors are `{ error, code }`. */

const BASE_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
} as const;

/**
 * The text of JSON responses the proxy built itself, so a server adapter can write it without
 * going through the Response body stream (a hot path: every poll of a prediction).
 */
const jsonTexts = new WeakMap<Response, string>();

export function jsonResponse(status: number, body: unknown, headers?: HeadersInit): Response {
  const all = new Headers(BASE_HEADERS);
  if (headers) for (const [name, value] of new Headers(headers)) all.append(name, value);
  const text = JSON.stringify(body);
  const response = new Response(text, { status, headers: all });
  jsonTexts.set(response, text);
  return response;
}

/** The JSON text of a response made by `jsonResponse` whose body was not read yet. */
export function jsonTextOf(response: Response): string | undefined {
  return response.bodyUsed ? undefined : jsonTexts.get(response);
}

export interface ProxyErrorInit {
  headers?: Record<string, string>;
  /** Extra body fields (`retry_after_seconds`, `field`, …). */
  extra?: Record<string, unknown>;
}

/** A refusal with a status, a stable code and a message for people. */
export class ProxyHttpError extends Error {
  readonly status: number;
  readonly code: string;
  readonly headers: Record<string, string>;
  readonly extra: Record<string, unknown>;

  constructor(status: number, code: string, message: string, init: ProxyErrorInit = {}) {
    super(message);
    this.name = 'ProxyHttpError';
    this.status = status;
    this.code = code;
    this.headers = init.headers ?? {};
    this.extra = init.extra ?? {};
  }

  toResponse(): Response {
    return jsonResponse(this.status, { error: this.message, code: this.code, ...this.extra }, this.headers);
  }
}

export const notFound = (message = 'Not found') => new ProxyHttpError(404, 'not_found', message);

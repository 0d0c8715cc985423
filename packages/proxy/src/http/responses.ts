/** JSON replies and the one error type every route throws; all errors are `{ error, code }`. */
import type { ProxyErrorBody, ProxyErrorCode } from '@room-restyler/core';

const BASE_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
} as const;

/** A JSON answer the proxy built itself, as plain data: the Node entry point writes it without a fetch Response (every poll). */
export class JsonReply {
  constructor(
    readonly status: number,
    /** The JSON text; null for an answer to HEAD. */
    readonly text: string | null,
    /** Lower-case names (the one Set-Cookie, the visitor's, among them). */
    readonly headers: Record<string, string>,
  ) {}

  /** The same answer without its body, for HEAD. */
  withoutBody(): JsonReply {
    return new JsonReply(this.status, null, this.headers);
  }
}

/** What a route answers: the proxy's own JSON, or a Response (event streams, images, an authorize hook's answer). */
export type Reply = JsonReply | Response;

/** `headers` in lower case, as every route writes them. */
export function jsonReply(status: number, body: unknown, headers?: Record<string, string>): JsonReply {
  return new JsonReply(status, JSON.stringify(body), { ...BASE_HEADERS, ...headers });
}

/** Sets a header; a Set-Cookie is added to a Response's own (an authorize hook's cookies are kept). */
export function setReplyHeader(reply: Reply, name: string, value: string): void {
  if (reply instanceof JsonReply) reply.headers[name] = value;
  else if (name === 'set-cookie') reply.headers.append(name, value);
  else reply.headers.set(name, value);
}

/** The fetch Response for a reply. */
export function toResponse(reply: Reply): Response {
  return reply instanceof JsonReply ? new Response(reply.text, { status: reply.status, headers: reply.headers }) : reply;
}

export interface ProxyErrorInit {
  /** Lower-case names (`set-cookie`: the visitor cookie of a 428). */
  headers?: Record<string, string>;
  /** Extra body fields (`retry_after_seconds`, `field`, …). */
  extra?: Record<string, unknown>;
}

/** A refusal with a status, a stable code and a message for people. */
export class ProxyHttpError extends Error {
  override readonly name = 'ProxyHttpError';
  readonly headers: Record<string, string>;
  readonly extra: Record<string, unknown>;

  constructor(
    readonly status: number,
    /** One of the codes openapi/proxy-api.yaml documents: a new code is a spec change first. */
    readonly code: ProxyErrorCode,
    message: string,
    init: ProxyErrorInit = {},
  ) {
    super(message);
    this.headers = init.headers ?? {};
    this.extra = init.extra ?? {};
  }

  toReply(): JsonReply {
    const body: ProxyErrorBody = { error: this.message, code: this.code, ...this.extra };
    return jsonReply(this.status, body, this.headers);
  }
}

export const notFound = (message = 'Not found') => new ProxyHttpError(404, 'not_found', message);

/** A 404 for a path the proxy does not serve. */
export const routeNotFound = () => notFound('No such route on this proxy');

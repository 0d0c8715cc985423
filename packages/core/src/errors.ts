/**
 * Typed errors. Every failure a caller can meet is a `RoomApiError` subclass with a stable `code`,
 * so UIs map errors to messages without parsing text. Messages are written for people and never
 * contain the API key (the client redacts it from anything the service echoes back).
 *
 * Each class states its `name` as a string: a minifier renames classes, so a name taken from the
 * constructor would read `"d"` in a bundle and break `err.name === 'AbortError'` checks.
 */

export interface RoomApiErrorInit {
  status?: number | undefined;
  /** The service's or proxy's request id, from response headers when present. */
  requestId?: string | undefined;
  /** The headers of the response that produced this error. */
  headers?: Headers | undefined;
  /** The parsed response body (or text) that produced this error. */
  body?: unknown;
  cause?: unknown;
}

// Fields set from `init` are `declare`d: nothing is emitted for them, which keeps bundles small.
export class RoomApiError extends Error {
  override readonly name: string = 'RoomApiError';
  readonly code: string = 'unknown';
  declare readonly status: number | undefined;
  declare readonly requestId: string | undefined;
  declare readonly headers: Headers | undefined;
  declare readonly body: unknown;

  /** Every field of `init` (a subclass's own ones too) becomes a field of the error. */
  constructor(message: string, { cause, ...fields }: RoomApiErrorInit = {}) {
    super(message, cause === undefined ? undefined : { cause });
    Object.assign(this, fields);
  }
}

/** 401: the key is missing or invalid. */
export class InvalidApiKeyError extends RoomApiError {
  override readonly name = 'InvalidApiKeyError';
  override readonly code = 'invalid_api_key';
}

/** 402: the account has no credits left for this generation. */
export class InsufficientCreditsError extends RoomApiError {
  override readonly name = 'InsufficientCreditsError';
  override readonly code = 'insufficient_credits';
  declare readonly creditsRemaining: number | undefined;
  constructor(message: string, init: RoomApiErrorInit & { creditsRemaining?: number | undefined }) {
    super(message, init);
  }
}

/** 400 (and 409/413/415/422): the request was refused before anything was charged. */
export class BadRequestError extends RoomApiError {
  override readonly name = 'BadRequestError';
  override readonly code = 'bad_request';
  /** The request field the problem concerns, when it can be told (`image_url`, `style`, …). */
  declare readonly field: string | undefined;
  constructor(message: string, init: RoomApiErrorInit & { field?: string | undefined }) {
    super(message, init);
  }
}

/** 404: unknown prediction (or route). */
export class NotFoundError extends RoomApiError {
  override readonly name = 'NotFoundError';
  override readonly code = 'not_found';
}

/** 429: too many requests. `limit` names the proxy's limit when it was the proxy that refused. */
export class RateLimitedError extends RoomApiError {
  override readonly name = 'RateLimitedError';
  override readonly code = 'rate_limited';
  declare readonly retryAfterMs: number | undefined;
  /** `visitor_limit`, `ip_limit`, `daily_budget` from the proxy; undefined for the service's own limit. */
  declare readonly limit: string | undefined;
  /** With the proxy's refusal of a try of several styles: how many styles still fit now. */
  declare readonly left: number | undefined;
  constructor(
    message: string,
    init: RoomApiErrorInit & { retryAfterMs?: number | undefined; limit?: string | undefined; left?: number | undefined },
  ) {
    super(message, init);
  }
}

/** 5xx, or a response that is not what the contract promises. */
export class ServerError extends RoomApiError {
  override readonly name = 'ServerError';
  override readonly code = 'server_error';
}

/** The service could not be reached (DNS, refused, reset, offline). */
export class ConnectionError extends RoomApiError {
  override readonly name = 'ConnectionError';
  override readonly code = 'connection';
}

/**
 * The call or the wait took longer than its timeout. A wait that stops (its deadline, a
 * `Retry-After` beyond it, a status that never changes) throws this with the prediction's id as
 * `requestId`: the job may still finish, and can be read later.
 */
export class TimeoutError extends RoomApiError {
  override readonly name = 'TimeoutError';
  override readonly code = 'timeout';
  declare readonly timeoutMs: number;
  /** When the service's `Retry-After` was what made the wait stop: how long it asked to wait. */
  declare readonly retryAfterMs: number | undefined;
  constructor(message: string, init: RoomApiErrorInit & { timeoutMs: number; retryAfterMs?: number | undefined }) {
    super(message, init);
  }
}

/** The caller aborted (AbortSignal). */
export class AbortError extends RoomApiError {
  override readonly name = 'AbortError';
  override readonly code = 'aborted';
}

/** The generation ended without images: `failed`, `canceled`, or another terminal status with an `error`. */
export class GenerationFailedError extends RoomApiError {
  override readonly name = 'GenerationFailedError';
  override readonly code = 'generation_failed';
  declare readonly predictionStatus: string;
  /** The service's own explanation, when it gave one. */
  declare readonly serviceError: string | undefined;
  constructor(message: string, init: RoomApiErrorInit & { predictionStatus: string; serviceError?: string | undefined }) {
    super(message, init);
  }
}

export function isRoomApiError(value: unknown): value is RoomApiError {
  return value instanceof RoomApiError;
}

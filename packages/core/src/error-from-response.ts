/** Turns an HTTP error response into the matching typed error. */
import {
  BadRequestError,
  InsufficientCreditsError,
  InvalidApiKeyError,
  NotFoundError,
  RateLimitedError,
  type RoomApiError,
  ServerError,
} from './errors.js';
import { isRecord } from './prediction.js';
import { parseRetryAfter } from './retry-after.js';

const REQUEST_FIELDS = ['image_url', 'style', 'room_type', 'mode'] as const;

export interface ErrorContext {
  headers?: Headers | undefined;
  /** Now, in epoch ms on the caller's clock: an HTTP-date `Retry-After` counts from here. */
  now?: number | undefined;
  /** How the message is worded: `serviceWording` for server users, `briefWording` in a browser. */
  wording: ResponseWording;
}

/** What the message of a refused or failed call says. */
export interface Refusal {
  /** The typed error's `code`. */
  code: string;
  status: number;
  /** The service's own reason ('' when it gave none). */
  reason: string;
  creditsRemaining?: number | undefined;
  retryAfterMs?: number | undefined;
}

export type ResponseWording = (refusal: Refusal) => string;

/**
 * `HTTP 429: Too many requests`: the browser's proxy client's wording. The element shows its visitor
 * its own words for each code, so the sentences for server users stay out of its bundle.
 */
export const briefWording: ResponseWording = ({ status, reason }) => `HTTP ${status}${reason && `: ${reason}`}`;

/** The sentences of core's service client: what failed, the service's reason, and what to do. */
export const serviceWording: ResponseWording = ({ code, status, reason, creditsRemaining, retryAfterMs }) => {
  const because = reason && `: ${reason}`;
  switch (code) {
    case 'bad_request':
      return `The request was refused${because || ` (HTTP ${status})`}`;
    case 'invalid_api_key':
      return `The service rejected the API key${because}. Check the key configured on the server (ROOM_API_KEY).`;
    case 'insufficient_credits': {
      const count = creditsRemaining === undefined ? '' : ` (${creditsRemaining} credit${creditsRemaining === 1 ? '' : 's'} remaining)`;
      return `Out of credits${count}. Each image costs 1 credit; credits reset monthly.`;
    }
    case 'not_found':
      return `Not found${because}`;
    case 'rate_limited':
      return `Too many requests${because}.${retryAfterMs === undefined ? '' : ` Try again in ${formatWait(retryAfterMs)}.`}`;
    default:
      return `The service failed (HTTP ${status})${because}`;
  }
};

/**
 * The typed error for a refused or failed call. The body must already be free of secrets: a
 * server-side caller passes it through `redactValue` first (a browser holds none, and does not
 * bundle the redaction).
 */
export function errorFromResponse(status: number, body: unknown, { headers, now, wording }: ErrorContext): RoomApiError {
  const reason = errorText(body);
  const init = { status, body, requestId: requestIdFrom(headers), headers };
  const say = (code: string, facts?: Partial<Refusal>) => wording({ code, status, reason, ...facts });

  switch (status) {
    case 400:
    case 409:
    case 413:
    case 415:
    case 422:
      return new BadRequestError(say('bad_request'), { ...init, field: fieldFrom(body, reason) });
    case 401:
    case 403:
      return new InvalidApiKeyError(say('invalid_api_key'), init);
    case 402: {
      // "Insufficient credits" + credits_remaining, or "Not enough generations", which gives no count.
      const creditsRemaining = numberField(body, 'credits_remaining');
      return new InsufficientCreditsError(say('insufficient_credits', { creditsRemaining }), { ...init, creditsRemaining });
    }
    case 404:
      return new NotFoundError(say('not_found'), init);
    case 429: {
      const retryAfterMs = parseRetryAfter(headers?.get('retry-after'), now) ?? secondsField(body, 'retry_after_seconds');
      return new RateLimitedError(say('rate_limited', { retryAfterMs }), {
        ...init,
        retryAfterMs,
        limit: stringField(body, 'code'),
        left: numberField(body, 'left'),
      });
    }
    default:
      return new ServerError(say('server_error'), init);
  }
}

/** The `error` string of a `{ error }` body; short plain text otherwise (never an HTML page). */
function errorText(body: unknown): string {
  const field = stringField(body, 'error');
  if (field !== undefined) return field;
  if (typeof body === 'string' && body.length <= 200 && !body.trimStart().startsWith('<')) return body.trim();
  return '';
}

function fieldFrom(body: unknown, text: string): string | undefined {
  const explicit = stringField(body, 'field');
  if (explicit) return explicit;
  return REQUEST_FIELDS.find((field) => new RegExp(`\\b${field}\\b`).test(text));
}

export function requestIdFrom(headers: Headers | undefined): string | undefined {
  return headers?.get('x-request-id') ?? headers?.get('request-id') ?? undefined;
}

export function redact(text: string, secrets: readonly string[]): string {
  return secrets.reduce((out, secret) => (secret ? out.split(secret).join('[redacted]') : out), text);
}

/**
 * `value` with every secret replaced, or the very same value when it holds none. An object is
 * searched field by field: a flat log entry, written on every request, is then never serialized
 * only to be searched.
 */
export function redactValue<T>(value: T, secrets: readonly string[]): T {
  if (!holdsSecret(value, secrets, true)) return value;
  return (typeof value === 'string' ? redact(value, secrets) : JSON.parse(redact(JSON.stringify(value), secrets))) as T;
}

function holdsSecret(value: unknown, secrets: readonly string[], fieldByField = false): boolean {
  if (value === null || value === undefined) return false;
  if (fieldByField && isRecord(value)) {
    for (const name in value) if (holdsSecret(name, secrets) || holdsSecret(value[name], secrets)) return true;
    return false;
  }
  const text = typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : '';
  return secrets.some((secret) => secret !== '' && text.includes(secret));
}

function stringField(body: unknown, key: string): string | undefined {
  const value = isRecord(body) ? body[key] : undefined;
  return typeof value === 'string' ? value : undefined;
}

function numberField(body: unknown, key: string): number | undefined {
  const value = isRecord(body) ? body[key] : undefined;
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** A field of seconds, in ms; undefined unless a finite number. */
export function secondsField(body: unknown, key: string): number | undefined {
  const seconds = numberField(body, key);
  return seconds === undefined ? undefined : Math.max(0, seconds) * 1000;
}

/** `45 s`, `3 min`, `2 h`: for messages. */
export function formatWait(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  if (seconds < 90) return `${seconds} s`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 90) return `${minutes} min`;
  return `${Math.ceil(minutes / 60)} h`;
}

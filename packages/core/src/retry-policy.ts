/**
 * When to send a request again, and after how long.
 *
 * Reads (GET) are retried on 408, 429, 5xx and connection errors. A POST that starts a generation
 * costs credits, so it is never resent once it may have reached the server: only an explicit
 * 429 (the service refused it, nothing started) is retried, with the same Idempotency-Key, and the
 * key proxy's 428 (a visitor without its cookie, refused before anything happened) once.
 */
import { parseRetryAfter } from './retry-after.js';

export interface RetryOptions {
  /** Retries after the first attempt. Default 3. */
  maxRetries?: number;
  /** First backoff ceiling; doubles each retry (full jitter). Default 500 ms. */
  baseDelayMs?: number;
  /** Backoff ceiling. Default 8 s. */
  maxDelayMs?: number;
  /** A `Retry-After` longer than this is not waited for: the error is thrown at once. Default 60 s. */
  maxRetryAfterMs?: number;
  /** Source of randomness for jitter, in [0, 1). Injectable for tests. */
  random?: () => number;
}

export const DEFAULT_RETRY: Required<RetryOptions> = {
  maxRetries: 3,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 60_000,
  random: Math.random,
};

/** `base` with `override` on top; `false` turns retries off. */
export function withRetry(base: Required<RetryOptions>, override: RetryOptions | false | undefined): Required<RetryOptions> {
  return override === false ? { ...base, maxRetries: 0 } : { ...base, ...override };
}

/** Besides every 5xx. */
const RETRYABLE_READ_STATUSES = new Set([408, 425, 429]);
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export type AttemptOutcome = { response: Response } | { connectionError: unknown };

/**
 * The delay before the next attempt, or undefined when this outcome must not be retried.
 * `retry` is the retry number about to be made (0 for the first retry); `nowMs` is the clock's
 * time, from which an HTTP-date `Retry-After` counts.
 */
export function retryDelayMs(
  method: string,
  outcome: AttemptOutcome,
  retry: number,
  options: Required<RetryOptions>,
  nowMs: number,
): number | undefined {
  if (retry >= options.maxRetries) return undefined;
  const safe = SAFE_METHODS.has(method.toUpperCase());

  if ('connectionError' in outcome) return safe ? backoffMs(retry, options) : undefined;

  const { status, headers } = outcome.response;
  // The key proxy refuses a visitor without its cookie before reading or charging anything, and
  // sets the cookie in that answer: sent again at once, one time (a cookie jar that drops it gets the 428).
  if (status === 428 && !safe) return retry === 0 ? 0 : undefined;
  const retryable = safe ? RETRYABLE_READ_STATUSES.has(status) || status >= 500 : status === 429;
  if (!retryable) return undefined;

  const retryAfter = parseRetryAfter(headers.get('retry-after'), nowMs);
  if (retryAfter === undefined) return backoffMs(retry, options);
  return retryAfter <= options.maxRetryAfterMs ? retryAfter : undefined;
}

/** Exponential backoff with full jitter: uniform in [0, min(max, base · 2^retry)]. */
export function backoffMs(retry: number, options: Required<RetryOptions>): number {
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** retry);
  return Math.round(options.random() * ceiling);
}

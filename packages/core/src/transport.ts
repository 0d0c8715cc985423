/**
 * The fetch of one call: the request, retried by the retry policy, every wait abortable through
 * the call's signal (the caller's abort and the timeout), each attempt logged with the key redacted.
 *
 * It calls `fetch(url, init)` with the call's own signal, never `fetch(request)`: Node's fetch loses
 * the abort signal of a Request, or of its clone, after a garbage collection (nodejs/undici#4068,
 * nodejs/node#55428), and a request to a server that never answers then never times out.
 */
import type { Clock } from './abort.js';
import { redact, redactValue, requestIdFrom } from './error-from-response.js';
import type { Logger, RequestLog } from './logger.js';
import type { Send } from './middleware.js';
import { type AttemptOutcome, type RetryOptions, retryDelayMs } from './retry-policy.js';

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export interface CallTransport {
  fetch: FetchLike;
  retry: Required<RetryOptions>;
  clock: Clock;
  /** Aborts on the caller's abort and at the call's timeout. */
  signal: AbortSignal;
  /** Clock time the call must end by: a retry that would wait past it is not made. */
  endsAt: number;
  logger: Logger | undefined;
  /** Never logged (the API key). */
  secrets: readonly string[];
}

export function callFetch(call: CallTransport): Send {
  const { clock, signal } = call;
  return async (url, request) => {
    // The same init, so the same body and headers (and Idempotency-Key), on every attempt.
    const init = { ...request, signal };
    for (let attempt = 0; ; attempt++) {
      signal.throwIfAborted();
      const sentAt = clock.now();
      const outcome = await attemptOnce(call.fetch, url, init, signal);
      if (signal.aborted) throw signal.reason;
      const delay = retryDelayMs(init.method ?? 'GET', outcome, attempt, call.retry, clock.now());
      // A wait that would outlast the call is not begun: the caller gets this answer, and its Retry-After, now.
      const retryInMs = delay !== undefined && clock.now() + delay <= call.endsAt ? delay : undefined;
      if (call.logger) {
        const entry = { method: init.method ?? 'GET', url, attempt: attempt + 1, durationMs: clock.now() - sentAt };
        log(call.logger, call.secrets, { ...entry, headers: Object.fromEntries(init.headers) }, outcome, retryInMs);
      }
      if (retryInMs === undefined) {
        if ('response' in outcome) return outcome.response;
        throw outcome.connectionError;
      }
      if ('response' in outcome) await outcome.response.body?.cancel().catch(() => undefined);
      await clock.sleep(retryInMs, signal);
    }
  };
}

async function attemptOnce(fetch: FetchLike, url: string, init: RequestInit, signal: AbortSignal): Promise<AttemptOutcome> {
  try {
    return { response: await fetch(url, init) };
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    return { connectionError: error };
  }
}

function log(logger: Logger, secrets: readonly string[], entry: RequestLog, outcome: AttemptOutcome, retryInMs: number | undefined): void {
  let result: string;
  if ('response' in outcome) {
    entry.status = outcome.response.status;
    const requestId = requestIdFrom(outcome.response.headers);
    if (requestId) entry.requestId = requestId;
    result = `HTTP ${entry.status}`;
  } else {
    entry.error = outcome.connectionError instanceof Error ? outcome.connectionError.message : String(outcome.connectionError);
    result = `failed: ${entry.error}`;
  }
  const line = `room-restyler: ${entry.method} ${entry.url} → ${result} in ${entry.durationMs} ms`;
  if (retryInMs === undefined) logger.debug(redact(line, secrets), redactValue(entry, secrets));
  else logger.warn(redact(`${line}; retrying in ${retryInMs} ms`, secrets), redactValue({ ...entry, retryInMs }, secrets));
}

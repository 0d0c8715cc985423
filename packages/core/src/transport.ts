/**
 * The fetch that openapi-fetch calls: one request, retried by the retry policy, every wait
 * abortable through the request's signal (which carries the caller's abort and the timeout).
 */
import type { Clock } from './abort.js';
import { type AttemptOutcome, type RetryOptions, retryDelayMs } from './retry-policy.js';

export type FetchLike = (request: Request) => Promise<Response>;

export function retryingFetch(baseFetch: FetchLike, retry: Required<RetryOptions>, clock: Clock): FetchLike {
  return async (request) => {
    for (let attempt = 0; ; attempt++) {
      // A body can be read once, so each attempt sends its own copy; the headers (and so the
      // Idempotency-Key) are the same on every attempt.
      const outcome = await attemptOnce(baseFetch, request.clone());
      if (request.signal.aborted) throw request.signal.reason;
      const delay = retryDelayMs(request.method, outcome, attempt, retry);
      if (delay === undefined) {
        if ('response' in outcome) return outcome.response;
        throw outcome.connectionError;
      }
      if ('response' in outcome) await outcome.response.body?.cancel().catch(() => undefined);
      await clock.sleep(delay, request.signal);
    }
  };
}

async function attemptOnce(baseFetch: FetchLike, request: Request): Promise<AttemptOutcome> {
  try {
    return { response: await baseFetch(request) };
  } catch (error) {
    if (request.signal.aborted) throw request.signal.reason;
    return { connectionError: error };
  }
}

/**
 * The fetch of one call: the request, retried by the retry policy, every wait abortable through
 * the call's signal (the caller's abort and the timeout), each attempt told to `onAttempt`.
 *
 * It calls `fetch(url, init)` with the call's own signal, never `fetch(request)`: Node's fetch loses
 * the abort signal of a Request, or of its clone, after a garbage collection (nodejs/undici#4068,
 * nodejs/node#55428), and a request to a server that never answers then never times out.
 */
import type { Clock } from './abort.js';
import type { Send } from './middleware.js';
import { type AttemptOutcome, type RetryOptions, retryDelayMs } from './retry-policy.js';

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

/** One attempt of a call, as it ended. */
export interface Attempt {
  method: string;
  url: string;
  /** 1 for the first attempt. */
  attempt: number;
  /** On the call's clock. */
  durationMs: number;
  headers: Headers;
  outcome: AttemptOutcome;
  /** Set when the request is sent again after this long. */
  retryInMs: number | undefined;
}

export interface CallTransport {
  fetch: FetchLike;
  retry: Required<RetryOptions>;
  clock: Clock;
  /** Aborts on the caller's abort and at the call's timeout. */
  signal: AbortSignal;
  /** Clock time the call must end by: a retry that would wait past it is not made. */
  endsAt: number;
  /** Told about every attempt (the client's logger; a browser's client has none, and bundles none). */
  onAttempt?: ((attempt: Attempt) => void) | undefined;
}

export function callFetch(call: CallTransport): Send {
  const { clock, signal } = call;
  return async (url, request) => {
    // The same init, so the same body and headers (and Idempotency-Key), on every attempt.
    const init = { ...request, signal };
    const method = init.method ?? 'GET';
    for (let attempt = 0; ; attempt++) {
      signal.throwIfAborted();
      const sentAt = clock.now();
      const outcome = await attemptOnce(call.fetch, url, init);
      if (signal.aborted) throw signal.reason;
      const delay = retryDelayMs(method, outcome, attempt, call.retry, clock.now());
      // A wait that would outlast the call is not begun: the caller gets this answer, and its Retry-After, now.
      const retryInMs = delay !== undefined && clock.now() + delay <= call.endsAt ? delay : undefined;
      call.onAttempt?.({ method, url, attempt: attempt + 1, durationMs: clock.now() - sentAt, headers: init.headers, outcome, retryInMs });
      if (retryInMs === undefined) {
        if ('response' in outcome) return outcome.response;
        throw outcome.connectionError;
      }
      if ('response' in outcome) await outcome.response.body?.cancel().catch(() => undefined);
      await clock.sleep(retryInMs, signal);
    }
  };
}

/** One attempt's answer, or its connection error (an abort is told apart by the caller's signal). */
async function attemptOnce(fetch: FetchLike, url: string, init: RequestInit): Promise<AttemptOutcome> {
  try {
    return { response: await fetch(url, init) };
  } catch (error) {
    return { connectionError: error };
  }
}

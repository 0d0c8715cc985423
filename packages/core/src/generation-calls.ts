/**
 * What both of core's clients (the service's, the key proxy's) do around a generation: read a
 * start's acknowledgement, and follow the job by reading its prediction on the poll loop.
 */
import type { Clock } from './abort.js';
import type { CallOptions } from './call.js';
import type { DurationHistory } from './duration-history.js';
import { ServerError } from './errors.js';
import { requestIdOf } from './prediction.js';
import type { RetryOptions } from './retry-policy.js';
import type { Prediction } from './types.js';
import { followPrediction, type WaitOptions, type WaitStyle } from './wait.js';

export interface StartOptions extends CallOptions {
  /** Sent as `Idempotency-Key`: the same user action sends the same key, so it is charged once. */
  idempotencyKey?: string | undefined;
}

export interface GenerationStarted {
  requestId: string;
  message: string;
  /** From the key proxy only: the median time of this operation's recent jobs on the site (its `expected_seconds`), once it knows. */
  expectedMs?: number | undefined;
}

/**
 * A start's acknowledgement, read tolerantly: `{success, request_id, message}` (the *Image Generation*
 * pages) or `{requestId, status, remainingGenerations}` (the other sections), whichever comes.
 */
export function generationStarted(operation: string, ack: object & { message?: unknown }): GenerationStarted {
  const requestId = requestIdOf(ack);
  if (!requestId) throw new ServerError(`Starting the ${operation}: the service acknowledged without a request id`, { body: ack });
  return { requestId, message: typeof ack.message === 'string' ? ack.message : '' };
}

type GetPrediction = (id: string, options: CallOptions) => Promise<Prediction>;

/**
 * `waitForPrediction` over a client's own reads, in the client's style, on the client's clock unless the
 * wait names one, and on the schedule `durations` learned when the client was given one (and the style learns).
 */
export function followWith(
  getPrediction: GetPrediction,
  retry: Required<RetryOptions>,
  clock: Clock,
  style: WaitStyle,
  durations?: DurationHistory,
) {
  return (id: string, options?: WaitOptions): Promise<Prediction> =>
    followPrediction(
      // A Retry-After longer than what is left of the wait is not waited for inside the read: the wait reports it.
      (predictionId, { signal, timeLeftMs }) =>
        getPrediction(predictionId, { signal, retry: { maxRetryAfterMs: Math.min(timeLeftMs, retry.maxRetryAfterMs) } }),
      id,
      { durations, ...options, clock: options?.clock ?? clock },
      style,
    );
}

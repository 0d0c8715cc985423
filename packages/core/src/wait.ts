/**
 * Follows a prediction until it is terminal, on the poll schedule. Stops at once on abort, and
 * at its deadline in wall-clock time whatever clock it runs on; honours the service's
 * `Retry-After` within that deadline; rides out transient read failures (the job is paid for, so
 * one failed poll must not lose it); turns a failed job into GenerationFailedError. When it stops
 * without an outcome, the TimeoutError carries the prediction's id and says the job may still finish.
 */
import { type Clock, deadline, systemClock } from './abort.js';
import { formatWait } from './error-from-response.js';
import { ConnectionError, GenerationFailedError, RateLimitedError, RoomApiError, ServerError, TimeoutError } from './errors.js';
import { DEFAULT_POLL_SCHEDULE, estimateRemainingMs, type PollSchedule, pollDelayMs } from './poll-schedule.js';
import { isKnownStatus, predictionOutcome } from './prediction.js';
import type { Prediction } from './types.js';

export interface PredictionUpdate {
  prediction: Prediction;
  status: string;
  /** Polls made so far, this one included. */
  attempt: number;
  /** Since the job started (or since the wait started, when the start time is unknown). */
  elapsedMs: number;
  /** Honest estimate from the schedule; 0 means "any moment now". */
  estimatedRemainingMs: number;
}

export interface WaitOptions {
  signal?: AbortSignal | undefined;
  /** Give up after this long (wall-clock time, and on `clock`). Default 180 s (a job normally takes 10–30 s). */
  timeoutMs?: number | undefined;
  onUpdate?: ((update: PredictionUpdate) => void) | undefined;
  schedule?: PollSchedule | undefined;
  /** When the job was started (epoch ms on the clock); elapsed time and the schedule count from here. */
  startedAt?: number | undefined;
  /** Poll at once (default) or first wait for the schedule's first check (right after starting a job). */
  pollImmediately?: boolean | undefined;
  /** Consecutive failed polls tolerated before the wait gives up. Default 5. A 429 with `Retry-After` is not a failure. */
  maxConsecutiveFailures?: number | undefined;
  /**
   * Polls in a row, once the schedule's usual window is over, that report the same status this
   * client does not know, before the wait stops: the job may have ended under a name it cannot
   * read. Default 3.
   */
  maxUnknownStatusPolls?: number | undefined;
  clock?: Clock | undefined;
}

export const DEFAULT_WAIT_TIMEOUT_MS = 180_000;

/** Reads the prediction once. `timeLeftMs` is what is left of the wait, on its clock: wait no longer (for a `Retry-After`, say). */
export type ReadPrediction = (id: string, options: { signal: AbortSignal; timeLeftMs: number }) => Promise<Prediction>;

export async function waitForPrediction(read: ReadPrediction, id: string, options: WaitOptions = {}): Promise<Prediction> {
  const clock = options.clock ?? systemClock;
  const schedule = options.schedule ?? DEFAULT_POLL_SCHEDULE;
  const timeoutMs = options.timeoutMs ?? DEFAULT_WAIT_TIMEOUT_MS;
  const startedAt = options.startedAt ?? clock.now();
  const endsAt = clock.now() + timeoutMs;
  const maxFailures = options.maxConsecutiveFailures ?? 5;
  const maxUnknown = options.maxUnknownStatusPolls ?? 3;
  const stopped = (why: string, retryAfterMs?: number) =>
    new TimeoutError(`Stopped waiting for prediction ${id}${why}; the job may still finish: read it later`, {
      timeoutMs,
      requestId: id,
      retryAfterMs,
    });
  // Wall-clock time, whatever the clock: a poll that hangs or a clock that never moves cannot hold the wait.
  const guard = deadline(timeoutMs, options.signal, () => stopped(` after ${timeoutMs} ms`));
  const { signal } = guard;

  try {
    let attempt = 0;
    let failures = 0;
    let unknownStatus = '';
    let unknownPolls = 0;
    if (options.pollImmediately === false) await pause(pollDelayMs(clock.now() - startedAt, schedule));

    for (;;) {
      attempt++;
      const result = await read(id, { signal, timeLeftMs: Math.max(0, endsAt - clock.now()) }).catch((error: unknown) => {
        if (signal.aborted) throw signal.reason;
        if (!isTransient(error)) throw error;
        return error;
      });
      const elapsedMs = clock.now() - startedAt;
      let delayMs = pollDelayMs(elapsedMs, schedule);

      if (result instanceof RoomApiError) {
        const retryAfterMs = result instanceof RateLimitedError ? result.retryAfterMs : undefined;
        if (retryAfterMs === undefined) {
          if (++failures >= maxFailures) throw result;
        } else {
          // The service said when to come back: not a failure, honoured within the deadline, reported beyond it.
          if (clock.now() + retryAfterMs > endsAt)
            throw stopped(`: the service asked to wait ${formatWait(retryAfterMs)}, past the deadline`, retryAfterMs);
          delayMs = Math.max(delayMs, retryAfterMs);
        }
      } else {
        failures = 0;
        options.onUpdate?.({
          prediction: result,
          status: result.status,
          attempt,
          elapsedMs,
          estimatedRemainingMs: estimateRemainingMs(elapsedMs, schedule),
        });
        const outcome = predictionOutcome(result);
        if (outcome === 'succeeded') return result;
        if (outcome === 'failed') throw generationFailed(result);
        const unread = !isKnownStatus(result.status) && elapsedMs > schedule.windowEndMs;
        unknownPolls = unread && unknownStatus === result.status ? unknownPolls + 1 : Number(unread);
        unknownStatus = result.status;
        if (unknownPolls >= maxUnknown)
          throw stopped(`: its status '${unknownStatus}' is unknown, ${unknownPolls} polls past the usual window`);
      }
      await pause(delayMs);
    }
  } finally {
    guard.dispose();
  }

  /** Sleeps until the next poll, but never past the deadline: one last poll happens at the deadline. */
  async function pause(delayMs: number): Promise<void> {
    const left = endsAt - clock.now();
    if (left <= 0) throw stopped(` after ${timeoutMs} ms`);
    await clock.sleep(Math.min(delayMs, left), signal);
  }
}

function isTransient(error: unknown): error is RoomApiError {
  return (
    error instanceof ServerError || error instanceof ConnectionError || error instanceof RateLimitedError || error instanceof TimeoutError
  );
}

/** The typed error for a prediction that ended without images (failed, canceled, an unknown terminal status). */
export function generationFailed(prediction: Prediction): GenerationFailedError {
  const { status, error } = prediction;
  const how = status === 'canceled' || status === 'cancelled' ? 'was canceled' : isKnownStatus(status) ? 'failed' : `ended as '${status}'`;
  return new GenerationFailedError(`The generation ${how}${error ? `: ${error}` : ''}`, {
    predictionStatus: status,
    serviceError: error,
    body: prediction,
  });
}

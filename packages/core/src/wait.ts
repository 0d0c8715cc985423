/**
 * Follows a prediction until it is terminal, on the poll schedule. Stops at once on abort,
 * throws TimeoutError at its deadline, rides out transient read failures (the job is paid for,
 * so one failed poll must not lose it), and turns a failed job into GenerationFailedError.
 */
import { type Clock, deadline, systemClock } from './abort.js';
import { ConnectionError, GenerationFailedError, RateLimitedError, type RoomApiError, ServerError, TimeoutError } from './errors.js';
import { DEFAULT_POLL_SCHEDULE, estimateRemainingMs, type PollSchedule, pollDelayMs } from './poll-schedule.js';
import { predictionOutcome } from './prediction.js';
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
  /** Give up after this long. Default 180 s (a job normally takes 10–30 s). */
  timeoutMs?: number | undefined;
  onUpdate?: ((update: PredictionUpdate) => void) | undefined;
  schedule?: PollSchedule | undefined;
  /** When the job was started (epoch ms on the clock); elapsed time and the schedule count from here. */
  startedAt?: number | undefined;
  /** Poll at once (default) or first wait for the schedule's first check (right after starting a job). */
  pollImmediately?: boolean | undefined;
  /** Consecutive failed polls tolerated before the wait gives up. Default 5. */
  maxConsecutiveFailures?: number | undefined;
  clock?: Clock | undefined;
}

export const DEFAULT_WAIT_TIMEOUT_MS = 180_000;

export type ReadPrediction = (id: string, options: { signal: AbortSignal }) => Promise<Prediction>;

export async function waitForPrediction(read: ReadPrediction, id: string, options: WaitOptions = {}): Promise<Prediction> {
  const clock = options.clock ?? systemClock;
  const schedule = options.schedule ?? DEFAULT_POLL_SCHEDULE;
  const timeoutMs = options.timeoutMs ?? DEFAULT_WAIT_TIMEOUT_MS;
  const startedAt = options.startedAt ?? clock.now();
  const waitStart = clock.now();
  const maxFailures = options.maxConsecutiveFailures ?? 5;
  // The wall-clock deadline guards against a clock that never advances; the loop also checks it on `clock`.
  const guard = deadline(options.clock ? Number.POSITIVE_INFINITY : timeoutMs, options.signal, `Waiting for prediction ${id}`);
  const signal = guard.signal;

  try {
    let attempt = 0;
    let failures = 0;
    if (options.pollImmediately === false) await pause(pollDelayMs(clock.now() - startedAt, schedule));

    for (;;) {
      attempt++;
      try {
        const prediction = await read(id, { signal });
        failures = 0;
        const elapsedMs = clock.now() - startedAt;
        options.onUpdate?.({
          prediction,
          status: prediction.status,
          attempt,
          elapsedMs,
          estimatedRemainingMs: estimateRemainingMs(elapsedMs, schedule),
        });
        const outcome = predictionOutcome(prediction);
        if (outcome === 'succeeded') return prediction;
        if (outcome === 'failed') throw generationFailed(prediction);
      } catch (error) {
        if (signal.aborted) throw signal.reason;
        if (!isTransient(error) || ++failures >= maxFailures) throw error;
      }
      await pause(pollDelayMs(clock.now() - startedAt, schedule));
    }
  } finally {
    guard.dispose();
  }

  /** Sleeps until the next poll, but never past the deadline: one last poll happens at the deadline. */
  async function pause(delayMs: number): Promise<void> {
    const left = waitStart + timeoutMs - clock.now();
    if (left <= 0) throw new TimeoutError(`Waiting for prediction ${id} timed out after ${timeoutMs} ms`, { timeoutMs });
    await clock.sleep(Math.min(delayMs, left), signal);
  }
}

function isTransient(error: unknown): error is RoomApiError {
  return (
    error instanceof ServerError || error instanceof ConnectionError || error instanceof RateLimitedError || error instanceof TimeoutError
  );
}

/** The typed error for a prediction that ended without images (failed, canceled, …). */
export function generationFailed(prediction: Prediction): GenerationFailedError {
  const reason = prediction.error ? `: ${prediction.error}` : '';
  const verb = prediction.status === 'canceled' || prediction.status === 'cancelled' ? 'was canceled' : 'failed';
  return new GenerationFailedError(`The generation ${verb}${reason}`, {
    predictionStatus: prediction.status,
    serviceError: prediction.error,
    body: prediction,
  });
}

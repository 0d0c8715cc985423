/**
 * Follows a prediction until it is terminal: core's one follow loop (`createJobFollow`: the schedule,
 * Retry-After, transient failures, unknown statuses) driven by a way of reading the prediction and
 * a clock. Stops at once on abort, and at its deadline in wall-clock time whatever clock it runs
 * on; turns a failed job into GenerationFailedError. When it stops without an outcome, the
 * TimeoutError carries the prediction's id and says the job may still finish.
 */
import { type Clock, deadline, systemClock } from './abort.js';
import { type DurationHistory, learningFollow } from './duration-history.js';
import { ConnectionError, RateLimitedError, RoomApiError, ServerError, TimeoutError } from './errors.js';
import { createJobFollow, type FollowOptions, type FollowStop, type JobFollow, stopDetail } from './follow.js';
import { estimateRemainingMs, type PollSchedule } from './poll-schedule.js';
import { generationFailed } from './prediction.js';
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
  /**
   * Recent jobs' durations: with `operation`, the schedule is learned from those of the operation
   * (unless `schedule` is given), and this job's duration is recorded when it succeeds — only
   * when `startedAt` is given, the only way to know it. Default: the client's `durations`.
   */
  durations?: DurationHistory | undefined;
  /** What the job is (`enhance`, `restyle`): its durations are learned apart from other operations'. */
  operation?: string | undefined;
}

export const DEFAULT_WAIT_TIMEOUT_MS = 180_000;

/** Reads the prediction once. `timeLeftMs` is what is left of the wait, on its clock: wait no longer (for a `Retry-After`, say). */
export type ReadPrediction = (id: string, options: { signal: AbortSignal; timeLeftMs: number }) => Promise<Prediction>;

/** The message of a wait that stopped without an outcome: at its deadline, or where the follow stopped. */
export type StopWording = (id: string, stop: FollowStop, timeoutMs: number) => string;

/** `waitForPrediction`'s and the service client's sentence, which says the job may still finish. */
export const stopSentence: StopWording = (id, stop, timeoutMs) =>
  `Stopped waiting for prediction ${id}${stop.stop === 'deadline' ? ` after ${timeoutMs} ms` : stopDetail(stop)}; the job may still finish: read it later`;

/** How a client's waits word a stop and make the job's follow. */
export interface WaitStyle {
  wording: StopWording;
  follow(options: FollowOptions, wait: WaitOptions): JobFollow;
}

/** `waitForPrediction`'s and the service client's: the stop in full, the schedule learned from `durations`. */
export const SERVICE_WAITS: WaitStyle = {
  wording: stopSentence,
  // Only a job whose start is known teaches the history how long jobs take.
  follow: (options, { startedAt, durations, operation }) =>
    startedAt !== undefined && durations && operation !== undefined
      ? learningFollow(options, durations, operation)
      : createJobFollow(options),
};

/**
 * The browser's proxy client's: `Stopped waiting for h_1 (deadline)` (the element has its own words
 * for a timeout), on the schedule given or the default one.
 */
export const BRIEF_WAITS: WaitStyle = { wording: (id, { stop }) => `Stopped waiting for ${id} (${stop})`, follow: createJobFollow };

export function waitForPrediction(read: ReadPrediction, id: string, options: WaitOptions = {}): Promise<Prediction> {
  return followPrediction(read, id, options, SERVICE_WAITS);
}

/** `waitForPrediction` in a client's style. */
export async function followPrediction(read: ReadPrediction, id: string, options: WaitOptions, style: WaitStyle): Promise<Prediction> {
  const clock = options.clock ?? systemClock;
  const timeoutMs = options.timeoutMs ?? DEFAULT_WAIT_TIMEOUT_MS;
  const now = clock.now();
  const endsAt = now + timeoutMs;
  const startedAt = options.startedAt ?? now;
  const follow = style.follow({ ...options, startedAt, now, timeoutMs }, options);
  const stopped = (stop: FollowStop) =>
    new TimeoutError(style.wording(id, stop, timeoutMs), { timeoutMs, requestId: id, retryAfterMs: stop.retryAfterMs });
  const timedOut = () => stopped({ stop: 'deadline' });
  // Wall-clock time, whatever the clock: a poll that hangs or a clock that never moves cannot hold the wait.
  const guard = deadline(timeoutMs, options.signal, timedOut);
  const { signal } = guard;

  try {
    let attempt = 0;
    let step = options.pollImmediately === false ? follow.next(clock.now()) : 0;
    for (;;) {
      if (typeof step !== 'number') throw stopped(step);
      if (step > 0) await clock.sleep(step, signal);
      attempt++;
      const result = await read(id, { signal, timeLeftMs: Math.max(0, endsAt - clock.now()) }).catch((error: unknown) => {
        if (signal.aborted) throw signal.reason;
        if (!isTransient(error)) throw error;
        return error;
      });
      if (result instanceof RoomApiError) {
        step = follow.after(
          { transient: true, retryAfterMs: result instanceof RateLimitedError ? result.retryAfterMs : undefined },
          clock.now(),
        );
        if (typeof step === 'object' && step.stop === 'failures') throw result;
        continue;
      }
      const ended = follow.after({ prediction: result }, clock.now());
      const elapsedMs = clock.now() - startedAt;
      const estimatedRemainingMs = estimateRemainingMs(elapsedMs, follow.schedule);
      options.onUpdate?.({ prediction: result, status: result.status, attempt, elapsedMs, estimatedRemainingMs });
      if (ended === 'succeeded') return result;
      if (ended === 'failed') throw generationFailed(result);
      step = ended;
    }
  } finally {
    guard.dispose();
  }
}

function isTransient(error: unknown): error is RoomApiError {
  return (
    error instanceof ServerError || error instanceof ConnectionError || error instanceof RateLimitedError || error instanceof TimeoutError
  );
}

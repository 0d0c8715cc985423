/**
 * The kit's one follow loop, as a step function. It holds no timer and does no I/O: told what a
 * poll gave, it says what to do next — poll again in so many ms, or stop and why — so
 * `waitForPrediction` drives it with a client and a clock, and the proxy's job hub with its
 * upstream, its lease and its viewers, and both answer the service the same way:
 * - the schedule (learned from recent jobs when a history is given) says when to poll;
 * - a `Retry-After` is honoured and is not a failure; one that ends past the deadline stops the follow;
 * - transient failures (5xx, unreachable, timed out, a 429 without `Retry-After`) are counted:
 *   the `maxConsecutiveFailures`-th in a row is fatal;
 * - the same status this code does not know, `maxUnknownStatusPolls` polls in a row past the
 *   schedule's usual window, stops the follow: the job may have ended under a name it cannot read;
 * - no wait runs past the deadline: the last poll happens at it.
 */
import type { DurationHistory } from './duration-history.js';
import { formatWait } from './error-from-response.js';
import { DEFAULT_POLL_SCHEDULE, estimateRemainingMs, type PollSchedule, pollDelayMs } from './poll-schedule.js';
import { isKnownStatus, predictionOutcome } from './prediction.js';
import type { Prediction } from './types.js';

/** What one poll gave: the prediction, or a failure worth asking again after (the caller tells transient from permanent). */
export type PollResult = { prediction: Prediction } | { transient: true; retryAfterMs?: number | undefined };

export type FollowStopReason = 'failures' | 'unknown-status' | 'retry-after' | 'deadline';

export type FollowStep =
  | { next: 'poll'; inMs: number }
  | { next: 'succeeded' | 'failed'; prediction: Prediction }
  /** Stopped without an outcome (the job may still finish); `why` completes "stopped following the job…". */
  | { next: 'stop'; reason: FollowStopReason; why: string; retryAfterMs?: number | undefined };

export interface FollowOptions {
  /** When the job was started, on the caller's clock: the schedule counts from here. */
  startedAt: number;
  /** Now, on the same clock: the deadline counts from here. */
  now: number;
  /** Default: learned from `learn`'s history when given, else DEFAULT_POLL_SCHEDULE. */
  schedule?: PollSchedule | undefined;
  /** No wait runs past this (ms from `now`). Default: none. */
  timeoutMs?: number | undefined;
  /** Transient failures in a row that end the follow. Default 5. */
  maxConsecutiveFailures?: number | undefined;
  /** Polls in a row, past the usual window, of the same unknown status that end the follow. Default 3. */
  maxUnknownStatusPolls?: number | undefined;
  /**
   * Learn from this job: its schedule comes from the durations of recent jobs of the operation,
   * and its own duration is recorded when it succeeds. Only when `startedAt` is the job's real start.
   */
  learn?: { history: DurationHistory; operation: string } | undefined;
}

export const DEFAULT_MAX_CONSECUTIVE_FAILURES = 5;
export const DEFAULT_MAX_UNKNOWN_STATUS_POLLS = 3;

export class JobFollow {
  readonly schedule: PollSchedule;
  readonly #options: FollowOptions;
  readonly #endsAt: number;
  #attempts = 0;
  #failures = 0;
  #unknownStatus = '';
  #unknownPolls = 0;
  /** Elapsed time of the last poll that saw the job running: its duration lies after it. */
  #lastRunningMs: number | undefined;

  constructor(options: FollowOptions) {
    this.#options = options;
    const { learn } = options;
    this.schedule = options.schedule ?? (learn ? learn.history.schedule(learn.operation) : DEFAULT_POLL_SCHEDULE);
    this.#endsAt = options.now + (options.timeoutMs ?? Number.POSITIVE_INFINITY);
  }

  /** Polls made so far (each `after` counts one). */
  get attempts(): number {
    return this.#attempts;
  }

  /** Elapsed time at `now` and the schedule's estimate of what is left, for progress reports. */
  progress(now: number): { elapsedMs: number; estimatedRemainingMs: number } {
    const elapsedMs = now - this.#options.startedAt;
    return { elapsedMs, estimatedRemainingMs: estimateRemainingMs(elapsedMs, this.schedule) };
  }

  /** The first poll: at once, or at the schedule's next check (right after a start there is nothing to read yet). */
  first(now: number, immediately: boolean): FollowStep {
    return immediately ? { next: 'poll', inMs: 0 } : this.#wait(now, this.#delay(now));
  }

  /** What to do after a poll answered at `now`. */
  after(result: PollResult, now: number): FollowStep {
    this.#attempts++;
    if (!('prediction' in result)) return this.#afterFailure(result.retryAfterMs, now);
    this.#failures = 0;
    const { prediction } = result;
    const elapsedMs = now - this.#options.startedAt;
    const outcome = predictionOutcome(prediction);
    if (outcome !== 'running') {
      if (outcome === 'succeeded') this.#learn(elapsedMs);
      return { next: outcome, prediction };
    }
    this.#lastRunningMs = elapsedMs;
    const unread = !isKnownStatus(prediction.status) && elapsedMs > this.schedule.windowEndMs;
    this.#unknownPolls = unread && this.#unknownStatus === prediction.status ? this.#unknownPolls + 1 : Number(unread);
    this.#unknownStatus = prediction.status;
    const maxUnknown = this.#options.maxUnknownStatusPolls ?? DEFAULT_MAX_UNKNOWN_STATUS_POLLS;
    if (this.#unknownPolls >= maxUnknown) {
      const why = `: its status '${prediction.status}' is unknown, ${this.#unknownPolls} polls past the usual window`;
      return { next: 'stop', reason: 'unknown-status', why };
    }
    return this.#wait(now, this.#delay(now));
  }

  #afterFailure(retryAfterMs: number | undefined, now: number): FollowStep {
    if (retryAfterMs === undefined) {
      const max = this.#options.maxConsecutiveFailures ?? DEFAULT_MAX_CONSECUTIVE_FAILURES;
      if (++this.#failures >= max) return { next: 'stop', reason: 'failures', why: `: ${this.#failures} failed polls in a row` };
      return this.#wait(now, this.#delay(now));
    }
    // The service said when to come back: not a failure, honoured within the deadline, reported beyond it.
    if (now + retryAfterMs > this.#endsAt) {
      return {
        next: 'stop',
        reason: 'retry-after',
        why: `: the service asked to wait ${formatWait(retryAfterMs)}, past the deadline`,
        retryAfterMs,
      };
    }
    return this.#wait(now, Math.max(this.#delay(now), retryAfterMs));
  }

  #delay(now: number): number {
    return pollDelayMs(now - this.#options.startedAt, this.schedule);
  }

  /** Never past the deadline: one last poll happens at it, and none after. */
  #wait(now: number, delayMs: number): FollowStep {
    const left = this.#endsAt - now;
    if (left <= 0) return { next: 'stop', reason: 'deadline', why: '' };
    return { next: 'poll', inMs: Math.min(delayMs, left) };
  }

  /** The job ended between the last poll that saw it running and this one: the midpoint is its duration's best guess. */
  #learn(elapsedMs: number): void {
    const { learn } = this.#options;
    if (learn && this.#lastRunningMs !== undefined) learn.history.record(learn.operation, (this.#lastRunningMs + elapsedMs) / 2);
  }
}

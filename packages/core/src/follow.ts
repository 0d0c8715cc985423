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

/** One job's follow: its schedule, and what to do after each poll. */
export interface JobFollow {
  readonly schedule: PollSchedule;
  /** Polls made so far (each `after` counts one). */
  readonly attempts: number;
  /** Elapsed time at `now` and the schedule's estimate of what is left, for progress reports. */
  progress(now: number): { elapsedMs: number; estimatedRemainingMs: number };
  /** The first poll: at once, or at the schedule's next check (right after a start there is nothing to read yet). */
  first(now: number, immediately: boolean): FollowStep;
  /** What to do after a poll answered at `now`. */
  after(result: PollResult, now: number): FollowStep;
}

// A closure, not a class: its state minifies to short names (the element and the client ship it to browsers).
export function followJob(options: FollowOptions): JobFollow {
  const { startedAt, learn } = options;
  const schedule = options.schedule ?? (learn ? learn.history.schedule(learn.operation) : DEFAULT_POLL_SCHEDULE);
  const endsAt = options.now + (options.timeoutMs ?? Number.POSITIVE_INFINITY);
  const maxFailures = options.maxConsecutiveFailures ?? DEFAULT_MAX_CONSECUTIVE_FAILURES;
  const maxUnknown = options.maxUnknownStatusPolls ?? DEFAULT_MAX_UNKNOWN_STATUS_POLLS;
  let attempts = 0;
  let failures = 0;
  let unknownStatus = '';
  let unknownPolls = 0;
  /** Elapsed time of the last poll that saw the job running: its duration lies after it. */
  let lastRunningMs: number | undefined;

  const delay = (now: number) => pollDelayMs(now - startedAt, schedule);
  /** Never past the deadline: one last poll happens at it, and none after. */
  const wait = (now: number, delayMs: number): FollowStep =>
    endsAt - now <= 0 ? { next: 'stop', reason: 'deadline', why: '' } : { next: 'poll', inMs: Math.min(delayMs, endsAt - now) };

  function afterFailure(retryAfterMs: number | undefined, now: number): FollowStep {
    if (retryAfterMs === undefined) {
      if (++failures >= maxFailures) return { next: 'stop', reason: 'failures', why: `: ${failures} failed polls in a row` };
      return wait(now, delay(now));
    }
    // The service said when to come back: not a failure, honoured within the deadline, reported beyond it.
    if (now + retryAfterMs > endsAt) {
      const why = `: the service asked to wait ${formatWait(retryAfterMs)}, past the deadline`;
      return { next: 'stop', reason: 'retry-after', why, retryAfterMs };
    }
    return wait(now, Math.max(delay(now), retryAfterMs));
  }

  return {
    schedule,
    get attempts() {
      return attempts;
    },
    progress(now) {
      const elapsedMs = now - startedAt;
      return { elapsedMs, estimatedRemainingMs: estimateRemainingMs(elapsedMs, schedule) };
    },
    first: (now, immediately) => (immediately ? { next: 'poll', inMs: 0 } : wait(now, delay(now))),
    after(result, now) {
      attempts++;
      if (!('prediction' in result)) return afterFailure(result.retryAfterMs, now);
      failures = 0;
      const { prediction } = result;
      const elapsedMs = now - startedAt;
      const outcome = predictionOutcome(prediction);
      if (outcome !== 'running') {
        // It ended between the last poll that saw it running and this one: the midpoint is the best guess of its duration.
        if (outcome === 'succeeded' && learn && lastRunningMs !== undefined)
          learn.history.record(learn.operation, (lastRunningMs + elapsedMs) / 2);
        return { next: outcome, prediction };
      }
      lastRunningMs = elapsedMs;
      const unread = !isKnownStatus(prediction.status) && elapsedMs > schedule.windowEndMs;
      unknownPolls = unread && unknownStatus === prediction.status ? unknownPolls + 1 : Number(unread);
      unknownStatus = prediction.status;
      if (unknownPolls >= maxUnknown) {
        return {
          next: 'stop',
          reason: 'unknown-status',
          why: `: its status '${unknownStatus}' is unknown, ${unknownPolls} polls past the usual window`,
        };
      }
      return wait(now, delay(now));
    },
  };
}

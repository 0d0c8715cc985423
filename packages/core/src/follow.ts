/**
 * The kit's one follow loop, as a step function. It holds no timer and does no I/O: told what a
 * poll gave, it says what to do next — poll again in so many ms, or stop and why — so
 * `waitForPrediction` drives it with a client and a clock, and the proxy's job hub with its
 * upstream, its lease and its viewers, and both answer the service the same way:
 * - the schedule (learned from recent jobs by `learningFollow`) says when to poll;
 * - a `Retry-After` is honoured and is not a failure; one that ends past the deadline stops the follow;
 * - transient failures (5xx, unreachable, timed out, a 429 without `Retry-After`) are counted:
 *   the `maxConsecutiveFailures`-th in a row is fatal;
 * - the same status this code does not know, `maxUnknownStatusPolls` polls in a row past the
 *   schedule's usual window, stops the follow: the job may have ended under a name it cannot read;
 * - no wait runs past the deadline: the last poll happens at it.
 */
import { formatWait } from './error-from-response.js';
import { DEFAULT_POLL_SCHEDULE, type PollSchedule, pollDelayMs } from './poll-schedule.js';
import { isKnownStatus, predictionOutcome } from './prediction.js';
import type { Prediction } from './types.js';

/** What one poll gave: the prediction, or a failure worth asking again after (the caller tells transient from permanent). */
export type PollResult = { prediction: Prediction } | { transient: true; retryAfterMs?: number | undefined };

export type FollowStopReason = 'failures' | 'unknown-status' | 'retry-after' | 'deadline';

/** Stopped without an outcome: the job may still finish. `stopDetail` words it. */
export interface FollowStop {
  stop: FollowStopReason;
  /** `retry-after`: how long the service asked to wait. */
  retryAfterMs?: number | undefined;
  /** `unknown-status`: the status, and the polls in a row past the usual window that reported it. */
  status?: string | undefined;
  polls?: number | undefined;
}

/** What completes "stopped following the job…" for an unknown status or a Retry-After past the deadline; '' for the others. */
export function stopDetail({ stop, retryAfterMs = 0, status, polls }: FollowStop): string {
  if (stop === 'retry-after') return `: the service asked to wait ${formatWait(retryAfterMs)}, past the deadline`;
  return stop === 'unknown-status' ? `: its status '${status}' is unknown, ${polls} polls past the usual window` : '';
}

/** Poll again in this many ms, the outcome of a job that ended, or a stop. (Small on purpose: browsers download it.) */
export type FollowStep = number | 'succeeded' | 'failed' | FollowStop;

export interface FollowOptions {
  /** When the job was started, on the caller's clock: the schedule counts from here. */
  startedAt: number;
  /** Now, on the same clock: the deadline counts from here. */
  now: number;
  /** Default: DEFAULT_POLL_SCHEDULE. */
  schedule?: PollSchedule | undefined;
  /** No wait runs past this (ms from `now`). Default: none. */
  timeoutMs?: number | undefined;
  /** Transient failures in a row that end the follow. Default 5: the job is paid for, one failed poll must not lose it. */
  maxConsecutiveFailures?: number | undefined;
  /** Polls in a row, past the usual window, of the same unknown status that end the follow. Default 3. */
  maxUnknownStatusPolls?: number | undefined;
}

/** One job's follow: its schedule, and what to do next. */
export interface JobFollow {
  readonly schedule: PollSchedule;
  /** Ms from `now` to the schedule's next poll (the first one, when the job just started), or the deadline's stop. */
  next(now: number): number | FollowStop;
  /** What to do after a poll answered at `now`: a failure never ends as an outcome. */
  after(result: Extract<PollResult, { transient: true }>, now: number): number | FollowStop;
  after(result: PollResult, now: number): FollowStep;
}

// A closure, not a class: its state minifies to short names (the element ships it to browsers).
export function createJobFollow(options: FollowOptions): JobFollow {
  const { startedAt } = options;
  const schedule = options.schedule ?? DEFAULT_POLL_SCHEDULE;
  const endsAt = options.now + (options.timeoutMs ?? Infinity);
  let failures = 0;
  let unknownStatus = '';
  let unknownPolls = 0;

  /** The schedule's delay, or a longer one; never past the deadline: one last poll happens at it, and none after. */
  const next = (now: number, atLeastMs = 0): number | FollowStop =>
    now < endsAt ? Math.min(Math.max(pollDelayMs(now - startedAt, schedule), atLeastMs), endsAt - now) : { stop: 'deadline' };

  function after(result: Extract<PollResult, { transient: true }>, now: number): number | FollowStop;
  function after(result: PollResult, now: number): FollowStep;
  function after(result: PollResult, now: number): FollowStep {
    if (!('prediction' in result)) {
      const { retryAfterMs } = result;
      if (retryAfterMs === undefined) return ++failures < (options.maxConsecutiveFailures ?? 5) ? next(now) : { stop: 'failures' };
      // The service said when to come back: not a failure, honoured within the deadline, reported beyond it.
      if (now + retryAfterMs <= endsAt) return next(now, retryAfterMs);
      return { stop: 'retry-after', retryAfterMs };
    }
    failures = 0;
    const { status } = result.prediction;
    const elapsedMs = now - startedAt;
    const outcome = predictionOutcome(result.prediction);
    if (outcome !== 'running') return outcome;
    const unread = !isKnownStatus(status) && elapsedMs > schedule.windowEndMs;
    unknownPolls = unread && unknownStatus === status ? unknownPolls + 1 : Number(unread);
    unknownStatus = status;
    if (unknownPolls < (options.maxUnknownStatusPolls ?? 3)) return next(now);
    return { stop: 'unknown-status', status, polls: unknownPolls };
  }

  return { schedule, next, after };
}

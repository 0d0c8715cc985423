/**
 * A schedule that learns. The default schedule has to cover every service: a window of 9–31 s
 * polled every 1.8 s. Once a few jobs of an operation have been seen, the window shrinks to where
 * that operation's jobs actually end (its 10th to 90th percentile, with a margin) and is polled
 * densely, so a job is seen done sooner for about as many polls; before the window the default's
 * early checks stay (a bad image fails within seconds) and no silence lasts longer than the
 * default's longest interval. Before `MIN_JOBS` jobs, or without a history, it is the default.
 *
 * The state is pluggable (`DurationStore`): memory by default; a proxy keeps one per process,
 * where it sees every job of the site.
 */
import { createJobFollow, type FollowOptions, type FollowStep, type FollowStop, type JobFollow, type PollResult } from './follow.js';
import { DEFAULT_POLL_SCHEDULE, type PollSchedule } from './poll-schedule.js';

/** Where the recent durations are kept, oldest first. */
export interface DurationStore {
  get(operation: string): readonly number[] | undefined;
  set(operation: string, durations: readonly number[]): void;
}

export interface DurationHistoryOptions {
  /** Default: in memory. */
  store?: DurationStore | undefined;
  /** How many recent jobs of an operation count. Default 50: recent enough to follow a change of the service. */
  size?: number | undefined;
  /** The schedule before enough jobs were seen; the learned one keeps its early checks and backoff. Default DEFAULT_POLL_SCHEDULE. */
  base?: PollSchedule | undefined;
}

/** Jobs of an operation needed before its schedule is learned. */
export const MIN_JOBS = 5;
/** Polls spread over the learned window. */
const WINDOW_POLLS = 9;
/** Never polls faster than this, however narrow the window. */
const MIN_INTERVAL_MS = 500;
/** The window's margin on each side, at least. */
const MIN_MARGIN_MS = 300;
/** …and this share of the window's width: the durations are estimates, and a few jobs end outside. */
const MARGIN_SHARE = 0.2;

/** The durations of recent jobs per operation (`enhance`, `restyle`, …) and the schedule they call for. */
export class DurationHistory {
  readonly #store: DurationStore;
  readonly #size: number;
  readonly #base: PollSchedule;

  constructor(options: DurationHistoryOptions = {}) {
    this.#store = options.store ?? new Map<string, readonly number[]>();
    this.#size = options.size ?? 50;
    this.#base = options.base ?? DEFAULT_POLL_SCHEDULE;
  }

  /** A job of `operation` took `durationMs` (from its start to its end). */
  record(operation: string, durationMs: number): void {
    if (!(durationMs > 0 && Number.isFinite(durationMs))) return;
    this.#store.set(operation, [...this.durations(operation), durationMs].slice(-this.#size));
  }

  /** The recorded durations of `operation`, oldest first. */
  durations(operation: string): readonly number[] {
    return this.#store.get(operation) ?? [];
  }

  /** The median duration of `operation`'s recent jobs; undefined until `MIN_JOBS` were seen. */
  medianMs(operation: string): number | undefined {
    return this.durations(operation).length < MIN_JOBS ? undefined : this.schedule(operation).typicalMs;
  }

  /** The schedule for the next job of `operation`. */
  schedule(operation: string): PollSchedule {
    return learnedPollSchedule(this.durations(operation), this.#base);
  }
}

/** The schedule that `durations` (of recent jobs, in ms) call for; `base` until there are `MIN_JOBS` of them. */
export function learnedPollSchedule(durations: readonly number[], base: PollSchedule = DEFAULT_POLL_SCHEDULE): PollSchedule {
  const sorted = durations.filter((d) => d > 0 && Number.isFinite(d)).sort((a, b) => a - b);
  if (sorted.length < MIN_JOBS) return base;
  const low = quantile(sorted, 0.1);
  const high = quantile(sorted, 0.9);
  const margin = Math.max(MIN_MARGIN_MS, (high - low) * MARGIN_SHARE);
  const windowStartMs = Math.max(0, Math.round(low - margin));
  const windowEndMs = Math.round(high + margin);
  const windowIntervalMs = Math.round(
    Math.min(base.windowIntervalMs, Math.max(MIN_INTERVAL_MS, (windowEndMs - windowStartMs) / WINDOW_POLLS)),
  );
  return {
    earlyChecksMs: checksBefore(windowStartMs, base),
    windowStartMs,
    windowEndMs,
    windowIntervalMs,
    overrunGrowth: base.overrunGrowth,
    maxIntervalMs: base.maxIntervalMs,
    typicalMs: Math.round(quantile(sorted, 0.5)),
  };
}

/** The base's early checks before the window, and evenly spaced ones so that no gap exceeds its longest interval. */
function checksBefore(windowStartMs: number, base: PollSchedule): number[] {
  const checks = base.earlyChecksMs.filter((t) => t < windowStartMs);
  const last = checks.at(-1) ?? 0;
  const fillers = Math.ceil((windowStartMs - last) / base.maxIntervalMs) - 1;
  for (let i = 1; i <= fillers; i++) checks.push(Math.round(last + ((windowStartMs - last) * i) / (fillers + 1)));
  return checks;
}

/** Nearest-rank quantile of sorted values (never empty here). */
function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
}

/**
 * `createJobFollow` on the schedule learned for `operation` (unless one is given), which records the
 * job's duration when it succeeds: give it only a job whose `startedAt` is its real start.
 */
export function learningFollow(options: FollowOptions, durations: DurationHistory, operation: string): JobFollow {
  const follow = createJobFollow({ ...options, schedule: options.schedule ?? durations.schedule(operation) });
  /** Elapsed time of the last poll that saw the job running: its duration lies after it. */
  let lastRunningMs: number | undefined;

  function after(result: Extract<PollResult, { transient: true }>, now: number): number | FollowStop;
  function after(result: PollResult, now: number): FollowStep;
  function after(result: PollResult, now: number): FollowStep {
    const step = follow.after(result, now);
    if (!('prediction' in result)) return step;
    const elapsedMs = now - options.startedAt;
    // It ended between the last poll that saw it running and this one: the midpoint is the best guess of its duration.
    if (step === 'succeeded' && lastRunningMs !== undefined) durations.record(operation, (lastRunningMs + elapsedMs) / 2);
    if (step !== 'succeeded' && step !== 'failed') lastRunningMs = elapsedMs;
    return step;
  }

  return { schedule: follow.schedule, next: follow.next, after };
}

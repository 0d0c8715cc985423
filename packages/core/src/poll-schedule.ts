/**
 * When to poll a generation that takes about 10–30 s.
 *
 * A fixed 500 ms poller spends ~40 calls on a 20 s job. This schedule makes two early checks
 * (a bad image fails within seconds), polls steadily through the window where jobs usually
 * finish, and backs off, capped, for jobs that run long. It is a pure function of elapsed time,
 * so the proxy's shared poller and the client's wait follow the same plan.
 */

export interface PollSchedule {
  /** Elapsed times (ms) of the checks before the expected window. */
  readonly earlyChecksMs: readonly number[];
  /** Where jobs usually finish: [start, end] in ms since the job started. */
  readonly windowStartMs: number;
  readonly windowEndMs: number;
  /** Poll interval inside the window. */
  readonly windowIntervalMs: number;
  /** After the window the interval grows by this much per second of overrun… */
  readonly overrunGrowth: number;
  /** …up to this cap. */
  readonly maxIntervalMs: number;
  /** The typical duration, for estimates. */
  readonly typicalMs: number;
}

export const DEFAULT_POLL_SCHEDULE: PollSchedule = {
  earlyChecksMs: [3_000, 6_500],
  windowStartMs: 9_000,
  windowEndMs: 31_000,
  windowIntervalMs: 1_800,
  overrunGrowth: 0.25,
  maxIntervalMs: 10_000,
  typicalMs: 20_000,
};

/**
 * A poll every `intervalMs` from the job's start, no early checks and no backoff: for tests,
 * benchmarks and local simulators with short jobs — not for the service's 10–30 s jobs.
 */
export function fixedPollSchedule(intervalMs: number, typicalMs = intervalMs * 10): PollSchedule {
  return {
    earlyChecksMs: [],
    windowStartMs: 0,
    windowEndMs: Number.MAX_SAFE_INTEGER,
    windowIntervalMs: intervalMs,
    overrunGrowth: 0,
    maxIntervalMs: intervalMs,
    typicalMs,
  };
}

/** How long to wait, from `elapsedMs` after the job started, before the next poll. */
export function pollDelayMs(elapsedMs: number, schedule: PollSchedule = DEFAULT_POLL_SCHEDULE): number {
  const elapsed = Math.max(0, elapsedMs);
  const nextEarly = [...schedule.earlyChecksMs, schedule.windowStartMs].find((t) => t > elapsed);
  if (nextEarly !== undefined) return nextEarly - elapsed;
  if (elapsed < schedule.windowEndMs) return schedule.windowIntervalMs;
  const overrunSeconds = (elapsed - schedule.windowEndMs) / 1000;
  return Math.min(schedule.maxIntervalMs, Math.round(schedule.windowIntervalMs * (1 + schedule.overrunGrowth * overrunSeconds)));
}

/**
 * An honest estimate of the time left: toward the typical duration, then toward the end of the
 * usual window, then 0 ("any moment") once the job runs longer than usual.
 */
export function estimateRemainingMs(elapsedMs: number, schedule: PollSchedule = DEFAULT_POLL_SCHEDULE): number {
  if (elapsedMs < schedule.typicalMs) return schedule.typicalMs - elapsedMs;
  return Math.max(0, schedule.windowEndMs - elapsedMs);
}

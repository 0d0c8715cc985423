import { describe, expect, it } from 'vitest';
import { DEFAULT_POLL_SCHEDULE, estimateRemainingMs, fixedPollSchedule, pollDelayMs } from './poll-schedule.js';

/** Poll times of a job that finishes at `durationMs`, polled from its start. */
function pollsUntil(durationMs: number): number[] {
  const times = [0];
  while (times.at(-1)! < durationMs) times.push(times.at(-1)! + pollDelayMs(times.at(-1)!));
  return times;
}

describe('poll schedule', () => {
  it('meets the targets for a 20 s job: at most 12 calls, detection within the window interval', () => {
    const polls = pollsUntil(20_000);
    expect(polls.length).toBeLessThanOrEqual(12);
    expect(polls.at(-1)! - 20_000).toBeLessThanOrEqual(DEFAULT_POLL_SCHEDULE.windowIntervalMs);
  });

  it('backs off for jobs that run long, up to the cap', () => {
    expect(pollDelayMs(31_000)).toBe(DEFAULT_POLL_SCHEDULE.windowIntervalMs);
    expect(pollDelayMs(60_000)).toBeGreaterThan(pollDelayMs(40_000));
    expect(pollDelayMs(10 * 60_000)).toBe(DEFAULT_POLL_SCHEDULE.maxIntervalMs);
  });

  it('estimates honestly: toward the typical time, then the window end, then 0', () => {
    expect(estimateRemainingMs(5_000)).toBe(15_000);
    expect(estimateRemainingMs(20_000)).toBe(11_000);
    expect(estimateRemainingMs(25_000)).toBe(6_000);
    expect(estimateRemainingMs(45_000)).toBe(0);
  });

  it('offers a fixed interval for tests and short simulated jobs', () => {
    const every50 = fixedPollSchedule(50);
    expect(every50).toMatchObject({ earlyChecksMs: [], windowIntervalMs: 50, maxIntervalMs: 50, typicalMs: 500 });
    expect([0, 49, 1_000, 3_600_000].map((t) => pollDelayMs(t, every50))).toEqual([50, 50, 50, 50]);
  });
});

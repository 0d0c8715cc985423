import { describe, expect, it } from 'vitest';
import { DurationHistory, learningFollow } from './duration-history.js';
import { createJobFollow, type FollowOptions, type FollowStop, stopDetail } from './follow.js';
import { DEFAULT_POLL_SCHEDULE, fixedPollSchedule } from './poll-schedule.js';
import { SERVICE_WAITS } from './wait.js';

const running = (status = 'processing') => ({ prediction: { status } });
const succeeded = { prediction: { status: 'succeeded', output: ['https://cdn.example/0.jpg'] } };
const transient = { transient: true } as const;

function follow(options: Partial<FollowOptions> = {}) {
  return createJobFollow({ startedAt: 0, now: 0, ...options });
}

describe('createJobFollow, the one follow loop', () => {
  it('polls on the schedule until the job ends', () => {
    const job = follow();
    expect(job.next(0)).toBe(3_000);
    expect(job.after(running(), 3_000)).toBe(3_500);
    expect(job.after(running(), 6_500)).toBe(2_500);
    expect(job.after(running(), 9_000)).toBe(DEFAULT_POLL_SCHEDULE.windowIntervalMs);
    expect(job.after(succeeded, 10_800)).toBe('succeeded');
  });

  it('ends with the outcome of a failed job', () => {
    expect(follow().after({ prediction: { status: 'failed', error: 'bad image' } }, 3_000)).toBe('failed');
  });

  it('honours a Retry-After, and a 429 with one is not a failure', () => {
    const job = follow({ maxConsecutiveFailures: 2 });
    for (let i = 0; i < 5; i++) expect(job.after({ transient: true, retryAfterMs: 20_000 }, 3_000 + i)).toBe(20_000);
    // The schedule's own delay wins when it is longer.
    expect(job.after({ transient: true, retryAfterMs: 1 }, 3_000)).toBe(3_500);
  });

  it('stops on a Retry-After that ends past the deadline, saying how long the service asked for', () => {
    expect(follow({ timeoutMs: 60_000 }).after({ transient: true, retryAfterMs: 120_000 }, 3_000)).toEqual({
      stop: 'retry-after',
      retryAfterMs: 120_000,
    });
    expect(stopDetail({ stop: 'retry-after', retryAfterMs: 120_000 })).toBe(': the service asked to wait 2 min, past the deadline');
  });

  it('counts transient failures in a row, and a reading in between starts the count again', () => {
    const job = follow({ maxConsecutiveFailures: 3 });
    expect(job.after(transient, 3_000)).toBe(3_500);
    expect(job.after(transient, 6_500)).toBe(2_500);
    expect(job.after(running(), 9_000)).toBe(1_800);
    expect(job.after(transient, 10_800)).toBe(1_800);
    expect(job.after(transient, 12_600)).toBe(1_800);
    expect(job.after(transient, 14_400)).toEqual({ stop: 'failures' });
  });

  it('ends after 5 failures in a row by default', () => {
    const job = follow();
    const steps = Array.from({ length: 5 }, (_, i) => typeof job.after(transient, 3_000 * (i + 1)));
    expect(steps).toEqual(['number', 'number', 'number', 'number', 'object']);
  });

  it('stops after polls of the same unknown status past the usual window, and only past it', () => {
    const job = follow({ maxUnknownStatusPolls: 2 });
    // Inside the window an unknown status is a running job.
    for (const at of [3_000, 6_500, 9_000, 20_000, 31_000]) expect(typeof job.after(running('queued_for_gpu'), at)).toBe('number');
    expect(typeof job.after(running('queued_for_gpu'), 32_000)).toBe('number');
    expect(typeof job.after(running('warming'), 34_000)).toBe('number');
    const stop = job.after(running('warming'), 36_000);
    expect(stop).toEqual({ stop: 'unknown-status', status: 'warming', polls: 2 });
    expect(stopDetail(stop as FollowStop)).toBe(": its status 'warming' is unknown, 2 polls past the usual window");
  });

  it('stops after 3 such polls by default', () => {
    const job = follow();
    const steps = [32_000, 34_000, 36_000].map((at) => typeof job.after(running('queued_for_gpu'), at));
    expect(steps).toEqual(['number', 'number', 'object']);
  });

  it('never waits past the deadline: the last poll happens at it, and then it stops', () => {
    const job = follow({ timeoutMs: 10_000, schedule: fixedPollSchedule(4_000) });
    expect(job.after(running(), 8_000)).toBe(2_000);
    expect(job.after(running(), 10_000)).toEqual({ stop: 'deadline' });
    expect(follow({ timeoutMs: 10_000 }).after(transient, 10_000)).toEqual({ stop: 'deadline' });
    expect(follow({ timeoutMs: 0 }).next(0)).toEqual({ stop: 'deadline' });
    expect(stopDetail({ stop: 'deadline' })).toBe('');
  });

  it('counts the deadline from when the follow began, the schedule from when the job started', () => {
    // At 5 s the job is 4 s old: the next check is at 6.5 s of its age, but the deadline comes first.
    expect(follow({ startedAt: 1_000, now: 5_000, timeoutMs: 2_000 }).next(5_000)).toBe(2_000);
    expect(follow({ startedAt: 1_000, now: 5_000 }).next(5_000)).toBe(2_500);
  });
});

describe('learningFollow, the follow that learns from recent durations', () => {
  const learning = (history: DurationHistory, operation: string, options: Partial<FollowOptions> = {}) =>
    learningFollow({ startedAt: 0, now: 0, ...options }, history, operation);

  it('learns the duration of a job it saw running, the midpoint between the last two polls', () => {
    const history = new DurationHistory();
    const job = learning(history, 'restyle');
    job.after(running(), 18_000);
    job.after(succeeded, 19_800);
    expect(history.durations('restyle')).toEqual([18_900]);
    expect(history.durations('enhance')).toEqual([]);
  });

  it('learns nothing from a job it never saw running, nor from one that failed, nor without an operation or a start', () => {
    const history = new DurationHistory();
    learning(history, 'restyle').after(succeeded, 20_000);
    const failed = learning(history, 'restyle');
    failed.after(running(), 3_000);
    failed.after({ prediction: { status: 'failed' } }, 6_500);
    for (const wait of [
      { durations: history, startedAt: 0 },
      { durations: history, operation: 'restyle' },
    ]) {
      const unlearned = SERVICE_WAITS.follow({ startedAt: 0, now: 0 }, wait);
      unlearned.after(running(), 3_000);
      unlearned.after(succeeded, 6_500);
    }
    expect(history.durations('restyle')).toEqual([]);
    expect(history.durations('undefined')).toEqual([]);
  });

  it('follows the schedule learned for the operation, unless one is given', () => {
    const history = new DurationHistory();
    for (let i = 0; i < 20; i++) history.record('restyle', 40_000 + i * 100);
    expect(learning(history, 'restyle').schedule).toEqual(history.schedule('restyle'));
    expect(learning(history, 'enhance').schedule).toBe(DEFAULT_POLL_SCHEDULE);
    expect(SERVICE_WAITS.follow({ startedAt: 0, now: 0 }, { durations: history, startedAt: 0 }).schedule).toBe(DEFAULT_POLL_SCHEDULE);
    const given = fixedPollSchedule(1_000);
    expect(learning(history, 'restyle', { schedule: given }).schedule).toBe(given);
  });
});

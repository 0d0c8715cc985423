/**
 * The job hub follows a job with core's one follow loop: a 429 with Retry-After is waited out,
 * not counted as a failure; transient failures end the job at core's limit; a status it cannot
 * read stops the following past the usual window; and the schedule is learned per operation from
 * the jobs the proxy sees. The upstream is scripted and time is a manual clock.
 */
import { DEFAULT_POLL_SCHEDULE, DurationHistory } from '@room-restyler/core';
import { ManualClock } from '@room-restyler/test-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../limits/limits.js';
import { silentLogger } from '../log.js';
import { createMemoryStore, type ProxyStore } from '../state/store.js';
import type { Upstream, UpstreamReply } from '../upstream/upstream.js';
import { JobHub, type JobRef, type JobSnapshot } from './job-hub.js';

/** A reply to a poll, from the job's age (ms) when the service is asked. */
type Script = (ageMs: number) => UpstreamReply;

const processing: UpstreamReply = { status: 200, body: { status: 'processing' } };
const succeeded: UpstreamReply = { status: 200, body: { status: 'succeeded', output: ['https://cdn.example/0.jpg'] } };
const rateLimited = (seconds?: number): UpstreamReply => ({
  status: 429,
  body: { error: 'Too many requests' },
  ...(seconds === undefined ? {} : { retryAfter: String(seconds) }),
});
const serverError: UpstreamReply = { status: 500, body: { error: 'boom' } };
/** Done once the job is `durationMs` old. */
const takes =
  (durationMs: number): Script =>
  (age) =>
    age >= durationMs ? succeeded : processing;

let hub: JobHub | undefined;
afterEach(() => hub?.close());

function startHub(scripts: Record<string, Script>, durations = new DurationHistory(), wrap = (store: ProxyStore) => store) {
  const clock = new ManualClock({ start: 0 });
  const store = wrap(createMemoryStore({ now: () => clock.now() }));
  const polls: Record<string, number[]> = {};
  const refuse = () => Promise.reject(new Error('not used here'));
  const upstream: Upstream = {
    startGeneration: refuse,
    listPredictions: refuse,
    getAccount: refuse,
    async getPrediction(requestId) {
      const age = clock.now() - Number(requestId.split('@')[1] ?? 0);
      polls[requestId] = [...(polls[requestId] ?? []), age];
      return scripts[requestId.split('@')[0]!]!(age);
    },
  };
  hub = new JobHub({
    store,
    upstream,
    clock,
    schedule: undefined,
    durations,
    idleMs: 30_000,
    stateTtlMs: 3_600_000,
    leaseMs: 30_000,
    waitMs: 35_000,
    instanceId: 'here',
    log: silentLogger,
    limits: DEFAULT_LIMITS,
  });
  const h = hub;
  /** Follows a job started now until its stream ends (or `maxMs` passes); its snapshots and the ages it was polled at. */
  async function follow(name: string, operation?: string, maxMs = 120_000) {
    const job: JobRef = { requestId: `${name}@${clock.now()}`, startedAt: clock.now(), operation };
    const seen: JobSnapshot[] = [];
    let ended = false;
    const unwatch = h.watch(job, {
      visitor: 'v',
      onSnapshot(snapshot) {
        seen.push(snapshot);
        if (snapshot.terminal) ended = true;
      },
      onClose: () => {},
    });
    const until = clock.now() + maxMs;
    await clock.advanceUntil(() => ended || clock.now() >= until, 100, maxMs / 100 + 1);
    unwatch();
    return { job, seen, last: seen.at(-1), polls: polls[job.requestId] ?? [] };
  }
  return { clock, follow, hub: h, polls, store };
}

describe('JobHub follows jobs with core’s follow loop', () => {
  it('waits out a 429 with Retry-After without counting it as a failure (changed: it used to end the job after 5)', async () => {
    let limited = 0;
    const { follow } = startHub({ job: (age) => (limited++ < 7 ? rateLimited(4) : takes(10_000)(age)) });
    const { last, polls } = await follow('job');
    expect(last).toMatchObject({ kind: 'prediction', terminal: true, prediction: { status: 'succeeded' } });
    // Each of the seven 429s was waited out for its 4 s, longer than the schedule asked.
    const gaps = polls.slice(1, 8).map((age, i) => age - polls[i]!);
    expect(gaps.every((gap) => gap >= 4_000)).toBe(true);
  });

  it('still ends the job after 5 transient failures in a row (a 429 without Retry-After is one)', async () => {
    const { follow } = startHub({ job: (age) => (age < 8_000 ? serverError : rateLimited()) });
    const { last, polls } = await follow('job');
    expect(last).toMatchObject({ kind: 'error', status: 429, terminal: true });
    expect(polls).toHaveLength(5);
  });

  it('rides out fewer failures than that: a reading in between starts the count again', async () => {
    const replies = [serverError, serverError, serverError, serverError, processing, serverError, serverError, serverError, serverError];
    const { follow } = startHub({ job: (age) => replies.shift() ?? takes(20_000)(age) });
    expect((await follow('job')).last).toMatchObject({ kind: 'prediction', prediction: { status: 'succeeded' } });
  });

  it('stops following a status it cannot read, 3 polls past the usual window (new: it used to poll until idle)', async () => {
    const { follow } = startHub({ job: () => ({ status: 200, body: { status: 'queued_for_gpu' } }) });
    const { last, polls } = await follow('job');
    expect(last).toMatchObject({ kind: 'error', status: 502, terminal: true, body: { code: 'bad_upstream_response' } });
    expect(JSON.stringify(last)).toContain("status 'queued_for_gpu' is unknown");
    expect(polls.filter((age) => age > DEFAULT_POLL_SCHEDULE.windowEndMs)).toHaveLength(3);
  });

  it('keeps the last reading of a job it stopped following for its status: a later request follows it again', async () => {
    const { follow, clock, hub, polls } = startHub({ job: () => ({ status: 200, body: { status: 'queued_for_gpu' } }) });
    const { job } = await follow('job');
    const before = polls[job.requestId]!.length;
    expect(await hub.current(job)).toMatchObject({ kind: 'prediction', prediction: { status: 'queued_for_gpu' } });
    await clock.advanceUntil(() => polls[job.requestId]!.length > before, 100, 200);
  });

  it('sleeps a long Retry-After in pieces: a job nobody watches any more still stops after idleMs', async () => {
    const { clock, hub } = startHub({ job: () => rateLimited(3_600) });
    const job: JobRef = { requestId: 'job@0', startedAt: 0 };
    const first = hub.current(job);
    await clock.advanceUntil(() => hub.activeJobs === 1, 100, 10);
    await clock.advance(3_000);
    expect(await first).toMatchObject({ kind: 'error', status: 429 });
    await clock.advanceUntil(() => hub.activeJobs === 0, 1_000, 60);
  });

  it('learns the schedule per operation from the jobs it followed', async () => {
    const durations = new DurationHistory();
    const { follow } = startHub({ job: takes(20_000) }, durations);
    const today = await follow('job', 'restyle');
    for (let i = 0; i < 19; i++) await follow('job', 'restyle');
    expect(durations.durations('restyle')).toHaveLength(20);
    const learned = await follow('job', 'restyle');
    // Seen done sooner after the job's end; a job of another operation still follows the default schedule.
    const detected = (polls: number[]) => polls.at(-1)! - 20_000;
    expect(detected(learned.polls)).toBeLessThan(detected(today.polls));
    expect(learned.polls.length).toBeLessThanOrEqual(12);
    expect((await follow('job', 'enhance')).polls).toEqual(today.polls);
  });

  it('hands its poll lease over on close even with a renewal in flight: another instance takes the job at once', async () => {
    // The renewal after the first poll is held until the hub, closing, leaves the job's channel (and a turn of the event
    // loop more): a lease handed over before that renewal lands would be taken back by it, for a whole lease.
    let holding = false;
    let release: (() => void) | undefined;
    let landed: Promise<boolean> | undefined;
    const { clock, hub, polls, store } = startHub({ job: takes(60_000) }, undefined, (inner) => ({
      ...inner,
      async renew(key, value, ttlMs) {
        if (!holding || ttlMs <= 1) return inner.renew(key, value, ttlMs);
        holding = false;
        landed = new Promise<void>((resolve) => (release = resolve)).then(() => inner.renew(key, value, ttlMs));
        return landed;
      },
      async subscribe(channel, listener) {
        const unsubscribe = await inner.subscribe(channel, listener);
        return async () => {
          setImmediate(() => release?.());
          await unsubscribe();
        };
      },
    }));
    const job: JobRef = { requestId: 'job@0', startedAt: 0 };
    hub.watch(job, { visitor: 'v', onSnapshot: () => {}, onClose: () => {} });
    await clock.advanceUntil(() => (polls[job.requestId]?.length ?? 0) >= 1, 100, 100);
    holding = true;
    await clock.advanceUntil(() => release !== undefined, 100, 600);
    await hub.close();
    await landed;
    await clock.advance(2);
    expect(await store.claim('job-lease:job@0', 'another', 30_000)).toBeUndefined();
  });
});

/**
 * Jobs of a known duration followed on a simulated clock (no real waiting): each request costs a
 * simulated round trip, and the service answers `succeeded` once the job's duration has passed.
 * The real client code path; shared by the polling benchmark and the learned schedule's tests.
 */

import { createRoomClient } from '../src/client.js';
import type { DurationHistory } from '../src/duration-history.js';

export const ROUND_TRIP_MS = 120;

export interface Followed {
  /** Requests made. */
  calls: number;
  /** From the job's end to the answer that showed it. */
  delay: number;
}

function simulatedJob(durationMs: number) {
  let now = 0;
  let calls = 0;
  const clock = {
    now: () => now,
    sleep: async (ms: number) => {
      now += ms;
    },
  };
  const fetch = async () => {
    now += ROUND_TRIP_MS / 2; // the service sees the request half a round trip after it is sent
    calls++;
    const body =
      now >= durationMs
        ? { status: 'succeeded', output: ['https://cdn.example/0.jpg'], completed_at: new Date(durationMs).toISOString() }
        : { status: 'processing' };
    now += ROUND_TRIP_MS / 2;
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  };
  const client = createRoomClient({ baseUrl: 'http://service.test', apiKey: 'k', clock, fetch });
  return { client, clock, followed: (): Followed => ({ calls, delay: now - durationMs }) };
}

/** `waitForPrediction` right after the start of a `restyle`, as `generate` does: learning from `durations` unless false. */
export async function followSimulatedJob(durationMs: number, durations: DurationHistory | false): Promise<Followed> {
  const job = simulatedJob(durationMs);
  await job.client.waitForPrediction('p', {
    startedAt: 0,
    pollImmediately: false,
    operation: 'restyle',
    durations: durations || undefined,
  });
  return job.followed();
}

/** A poll every `intervalMs`, the naive baseline. */
export async function pollEvery(durationMs: number, intervalMs: number): Promise<Followed> {
  const job = simulatedJob(durationMs);
  for (;;) {
    await job.clock.sleep(intervalMs);
    if ((await job.client.getPrediction('p')).status === 'succeeded') return job.followed();
  }
}

/** Durations of `classMs` ± 2 s, uniform, from a deterministic PRNG (mulberry32), so figures repeat run to run. */
export function jitteredDurations(classMs: number, seed = classMs): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return classMs - 2_000 + (((t ^ (t >>> 14)) >>> 0) / 4294967296) * 4_000;
  };
}

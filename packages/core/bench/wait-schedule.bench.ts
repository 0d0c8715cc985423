/**
 * Upstream calls and detection delay of `waitForPrediction` for 10, 20 and 30 s jobs, against a
 * fixed 500 ms poller in the same run. Runs the real client on a simulated clock: each request
 * costs a simulated round trip, and each job's duration is jittered ±2 s around its class.
 * Prints a Markdown section (stdout); `pnpm bench` collects it into BENCHMARKS.md.
 */
import { createRoomClient } from '../src/client.js';

const ROUND_TRIP_MS = 120;
const JOBS_PER_CLASS = 200;
const CLASSES_MS = [10_000, 20_000, 30_000];

interface Stats {
  calls: number[];
  delays: number[];
}

/** A deterministic PRNG, so the figures are the same on every run. */
function mulberry32(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
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
  return { clock, fetch, calls: () => calls, now: () => now };
}

async function ourSchedule(durationMs: number) {
  const job = simulatedJob(durationMs);
  const client = createRoomClient({ baseUrl: 'http://service.test', apiKey: 'k', clock: job.clock, fetch: job.fetch });
  await client.waitForPrediction('p', { startedAt: 0, pollImmediately: false });
  return { calls: job.calls(), delay: job.now() - durationMs };
}

async function fixedPoller(durationMs: number) {
  const job = simulatedJob(durationMs);
  const client = createRoomClient({ baseUrl: 'http://service.test', apiKey: 'k', clock: job.clock, fetch: job.fetch });
  for (;;) {
    await job.clock.sleep(500);
    if ((await client.getPrediction('p')).status === 'succeeded') break;
  }
  return { calls: job.calls(), delay: job.now() - durationMs };
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};

const rows: string[] = [];
for (const classMs of CLASSES_MS) {
  const random = mulberry32(classMs);
  const ours: Stats = { calls: [], delays: [] };
  const fixed: Stats = { calls: [], delays: [] };
  for (let i = 0; i < JOBS_PER_CLASS; i++) {
    const duration = classMs - 2_000 + random() * 4_000;
    const a = await ourSchedule(duration);
    ours.calls.push(a.calls);
    ours.delays.push(a.delay);
    const b = await fixedPoller(duration);
    fixed.calls.push(b.calls);
    fixed.delays.push(b.delay);
  }
  const calls = quantile(ours.calls, 0.5);
  const fixedCalls = quantile(fixed.calls, 0.5);
  rows.push(
    `| ${classMs / 1000} s | ${calls} (max ${Math.max(...ours.calls)}) | ${(quantile(ours.delays, 0.5) / 1000).toFixed(2)} s (p90 ${(quantile(ours.delays, 0.9) / 1000).toFixed(2)} s) | ${fixedCalls} | ${(quantile(fixed.delays, 0.5) / 1000).toFixed(2)} s | ${(fixedCalls / calls).toFixed(1)}× fewer |`,
  );
}

console.log(`## Core: polling schedule of \`waitForPrediction\`

Command: \`pnpm --filter @room-restyler/core bench\`. ${JOBS_PER_CLASS} simulated jobs per class (duration = class ± 2 s, uniform), ${ROUND_TRIP_MS} ms round trip per call, simulated clock; the real client code path. Baseline: a fixed 500 ms poller over the same jobs. Targets: at most 12 calls for a 20 s job, median detection delay at most 1.5 s.

| job | calls, median (max) | detection delay, median (p90) | 500 ms poller: calls | 500 ms poller: delay | calls vs baseline |
|---|---|---|---|---|---|
${rows.join('\n')}
`);

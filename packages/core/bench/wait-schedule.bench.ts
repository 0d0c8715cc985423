/**
 * Upstream calls and detection delay of `waitForPrediction` for 10, 20 and 30 s jobs: today's
 * schedule (DEFAULT_POLL_SCHEDULE), a fixed 500 ms poller, and the schedule learned from recent
 * jobs, cold (no history) and warm (after 20 jobs of the class), all in the same run. Runs the real
 * client on a simulated clock (no real waiting): each request costs a simulated round trip, and
 * each job's duration is jittered ±2 s around its class. Prints a Markdown section (stdout);
 * `pnpm bench` collects it into BENCHMARKS.md.
 */
import { DurationHistory } from '../src/duration-history.js';
import { followSimulatedJob, jitteredDurations, pollEvery, ROUND_TRIP_MS } from './simulated-jobs.js';

const JOBS_PER_CLASS = 200;
const WARM_UP_JOBS = 20;
const CLASSES_MS = [10_000, 20_000, 30_000];

interface Stats {
  calls: number[];
  delays: number[];
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const ratio = (value: number, baseline: number) => `${(value / baseline).toFixed(2)}×`;

const rows: string[] = [];
for (const classMs of CLASSES_MS) {
  const nextDuration = jitteredDurations(classMs);
  const warm = new DurationHistory();
  for (let i = 0; i < WARM_UP_JOBS; i++) await followSimulatedJob(nextDuration(), warm);
  const strategies: Record<string, Stats> = {
    today: { calls: [], delays: [] },
    fixed: { calls: [], delays: [] },
    cold: { calls: [], delays: [] },
    warm: { calls: [], delays: [] },
  };
  const record = (name: string, result: { calls: number; delay: number }) => {
    strategies[name]!.calls.push(result.calls);
    strategies[name]!.delays.push(result.delay);
  };
  for (let i = 0; i < JOBS_PER_CLASS; i++) {
    const duration = nextDuration();
    record('today', await followSimulatedJob(duration, false));
    record('fixed', await pollEvery(duration, 500));
    record('cold', await followSimulatedJob(duration, new DurationHistory()));
    // The warm history keeps learning from the jobs it follows, as a client or a proxy would.
    record('warm', await followSimulatedJob(duration, warm));
  }
  const today = strategies.today!;
  const labels: Record<string, string> = {
    today: "today's schedule (`DEFAULT_POLL_SCHEDULE`, baseline)",
    fixed: 'a fixed 500 ms poller',
    cold: 'learned, cold (no history)',
    warm: `learned, warm (after ${WARM_UP_JOBS} jobs)`,
  };
  for (const [name, stats] of Object.entries(strategies)) {
    const p50 = quantile(stats.delays, 0.5);
    const p90 = quantile(stats.delays, 0.9);
    const calls = quantile(stats.calls, 0.5);
    rows.push(
      `| ${classMs / 1000} s | ${labels[name]} | ${calls} (max ${Math.max(...stats.calls)}) | ${seconds(p50)} | ${seconds(p90)} | ${ratio(p90, quantile(today.delays, 0.9))} | ${ratio(calls, quantile(today.calls, 0.5))} |`,
    );
  }
}

console.log(`## Core: polling schedule of \`waitForPrediction\`

Command: \`pnpm --filter @room-restyler/core bench\` (\`bench/wait-schedule.bench.ts\`). ${JOBS_PER_CLASS} simulated jobs per class (duration = class ± 2 s, uniform), ${ROUND_TRIP_MS} ms round trip per call, simulated clock (no real waiting); the real client code path, each strategy over the same jobs. Baseline: today's schedule. The learned schedule starts cold (a fresh history per job: the default schedule) or warm (a history that saw ${WARM_UP_JOBS} jobs of the class first and keeps learning). Detection delay: from the job's end to the answer that shows it. Targets: for a 20 s job, warm p90 delay ≤ 0.8 s with at most 12 calls; cold no worse than today. A warm schedule polls densely where the jobs end, after the default's early checks: for short jobs, which today's schedule polls sparsely, that costs more calls for a shorter delay.

| job | strategy | calls, median (max) | delay p50 | delay p90 | p90 vs today | calls vs today |
|---|---|---|---|---|---|---|
${rows.join('\n')}
`);

/**
 * Issue 30's figures: a 40-item listing (20 photos × 2 styles) staged by the built `room-restyler stage`
 * bin against a simulator over HTTP with the service's 10–30 s latency (real time), 5 % of requests
 * answered 429 and a limit of jobs running per key. Counted at the simulator: polls, credits, 429s,
 * the jobs it ran at once; the bin's peak RSS comes from the bin itself. Prints a Markdown section.
 *
 * `pnpm --filter @room-restyler/cli bench` (after `pnpm build`). LISTING_BENCH_ROUNDS (default 2) rounds of every scenario.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_POLL_SCHEDULE, learnedPollSchedule, type PollSchedule } from '@room-restyler/core';
import { pollDelayMs } from '@room-restyler/core/internal';
import { startSimulator } from '@room-restyler/simulator';

const PHOTOS = 20;
const STYLES = ['scandinavian', 'modern'];
const ITEMS = PHOTOS * STYLES.length;
const LATENCY_MS = { min: 10_000, max: 30_000 };
const RATE_LIMIT_RATE = 0.05;
/** The service's allowed concurrency: jobs one key may have running. */
const ALLOWED = 8;
const KEY = 'sim_bench_key';
const ROUNDS = Number(process.env.LISTING_BENCH_ROUNDS ?? 2);

const SCENARIOS = [
  { name: `\`--concurrency ${ALLOWED}\` (the service's limit)`, concurrency: ALLOWED },
  { name: `\`--concurrency ${ALLOWED * 2}\` (twice the limit: the batch must find it)`, concurrency: ALLOWED * 2 },
];

const bin = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const rssReporter = fileURLToPath(new URL('./report-rss.mjs', import.meta.url));

interface JobTimes {
  acceptedAt: number;
  endedAt?: number;
  seenAt?: number;
}

interface Figures {
  seed: number;
  wallMs: number;
  exitCode: number | null;
  latencies: number[];
  polls: number;
  credits: number;
  starts429: number;
  polls429: number;
  overConcurrency: number;
  meanRunning: number;
  peakRunning: number;
  detectionMs: number;
  peakRssMb: number;
}

/** Runs the built bin to its exit; its peak RSS comes from the bin itself. */
async function runBin(args: string[], env: Record<string, string>): Promise<{ exitCode: number | null; peakRssMb: number }> {
  const dir = await mkdtemp(join(tmpdir(), 'listing-bench-rss-'));
  const rssFile = join(dir, 'rss');
  try {
    const child = spawn(process.execPath, ['--import', rssReporter, bin, ...args], {
      env: { ...process.env, ...env, BENCH_RSS_FILE: rssFile },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2_000);
    });
    const exitCode = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    if (exitCode !== 0) console.error(`room-restyler ${args[0]} exited ${exitCode}:\n${stderr}`);
    return { exitCode, peakRssMb: Number(await readFile(rssFile, 'utf8')) / 1024 };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function runOnce(concurrency: number): Promise<Figures> {
  const jobs = new Map<string, JobTimes>();
  const counts = { starts429: 0, polls429: 0 };
  const seed = Math.floor(Math.random() * 2 ** 31);
  const sim = await startSimulator({
    seed,
    latencyMs: LATENCY_MS,
    rateLimitRate: RATE_LIMIT_RATE,
    concurrencyPerKey: ALLOWED,
    accounts: [{ apiKey: KEY, credits: 1_000 }],
    log: (line) => {
      const now = performance.now();
      const job = /^job (\S+) (accepted|succeeded|failed)/.exec(line);
      const times = jobs.get(job?.[1] ?? '');
      if (job?.[2] === 'accepted') jobs.set(job[1] as string, { acceptedAt: now });
      else if (times) times.endedAt = now;
      const answer = /^(GET|POST) (\S+) -> (\d+)$/.exec(line);
      if (answer?.[3] === '429') counts[answer[1] === 'POST' ? 'starts429' : 'polls429']++;
      const poll = /^GET \/api\/v1\/prediction\/(\S+) -> 200$/.exec(line);
      const polled = poll ? jobs.get(poll[1] as string) : undefined;
      if (polled?.endedAt !== undefined && polled.seenAt === undefined) polled.seenAt = now;
    },
  });
  const out = await mkdtemp(join(tmpdir(), 'listing-bench-'));
  try {
    const photo = `${sim.url}/__simulator/samples/furnished-room.jpg`;
    const args = ['stage', ...Array.from({ length: PHOTOS }, () => photo)];
    args.push('--styles', STYLES.join(','), '--out', join(out, 'staged'), '--yes', '--json', '--concurrency', String(concurrency));
    const startedAt = performance.now();
    const { exitCode, peakRssMb } = await runBin(args, { ROOM_API_KEY: KEY, ROOM_API_BASE_URL: sim.url });
    const wallMs = performance.now() - startedAt;
    const stats = sim.stats();
    const ended = [...jobs.values()].filter((job): job is Required<JobTimes> => job.endedAt !== undefined && job.seenAt !== undefined);
    return {
      seed,
      wallMs,
      exitCode,
      latencies: ended.sort((a, b) => a.acceptedAt - b.acceptedAt).map((job) => job.endedAt - job.acceptedAt),
      polls: stats.requests['GET /api/v1/prediction/{request_id}'] ?? 0,
      credits: stats.credits.debited - stats.credits.refunded,
      ...counts,
      overConcurrency: stats.overConcurrency,
      ...running([...jobs.values()]),
      detectionMs: mean(ended.map((job) => job.seenAt - job.endedAt)),
      peakRssMb,
    };
  } finally {
    await sim.close();
    await rm(out, { recursive: true, force: true });
  }
}

/** Jobs running at the simulator: the mean over the batch's span (first acceptance to last end) and the peak. */
function running(jobs: JobTimes[]): { meanRunning: number; peakRunning: number } {
  const events = jobs.flatMap((job) => [
    { at: job.acceptedAt, step: 1 },
    { at: job.endedAt ?? job.acceptedAt, step: -1 },
  ]);
  events.sort((a, b) => a.at - b.at || a.step - b.step);
  let now = 0;
  let peak = 0;
  let area = 0;
  for (let i = 0; i < events.length; i++) {
    const event = events[i] as { at: number; step: number };
    now += event.step;
    peak = Math.max(peak, now);
    area += now * ((events[i + 1]?.at ?? event.at) - event.at);
  }
  const span = (events.at(-1)?.at ?? 0) - (events[0]?.at ?? 0);
  return { meanRunning: span > 0 ? area / span : 0, peakRunning: peak };
}

/** The same jobs, in the same order, on `slots` places with no time lost between them: the batch's tail of uneven jobs, and nothing else. */
function packed(latencies: number[], slots: number): number {
  const free = Array.from({ length: slots }, () => 0);
  for (const latency of latencies) {
    const slot = free.indexOf(Math.min(...free));
    free[slot] = (free[slot] ?? 0) + latency;
  }
  return Math.max(...free);
}

/** Polls a job of `latencyMs` takes on `schedule`, the first one after its start, the last the one that sees it ended. */
function pollsFor(latencyMs: number, schedule: PollSchedule): number {
  let polls = 0;
  for (let elapsed = 0; elapsed < latencyMs; polls++) elapsed += pollDelayMs(elapsed, schedule);
  return polls;
}

const mean = (values: number[]) => (values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length);
const range = (values: number[]) => `${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)}`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const baseline = await runBin(['--help'], {});
const rows: string[] = [];
/** Polls per item of each run: measured, and computed on the default and on the learned schedule. */
const polls = { measured: [] as number[], onDefault: [] as number[], onLearned: [] as number[] };
for (let round = 1; round <= ROUNDS; round++) {
  for (const scenario of SCENARIOS) {
    console.error(`listing bench: round ${round}, ${scenario.name}…`);
    const f = await runOnce(scenario.concurrency);
    const meanLatency = mean(f.latencies);
    const ideal = meanLatency * Math.ceil(ITEMS / ALLOWED);
    const sequential = f.latencies.reduce((sum, ms) => sum + ms, 0);
    const best = packed(f.latencies, ALLOWED);
    polls.measured.push(f.polls / ITEMS);
    polls.onDefault.push(mean(f.latencies.map((ms) => pollsFor(ms, DEFAULT_POLL_SCHEDULE))));
    const learned = learnedPollSchedule(f.latencies);
    polls.onLearned.push(mean(f.latencies.map((ms) => pollsFor(ms, learned))));
    rows.push(
      `| ${round} | ${scenario.name} | ${seconds(f.wallMs)} | ${seconds(ideal)} (${seconds(meanLatency)} × ${Math.ceil(ITEMS / ALLOWED)}) | **${(f.wallMs / ideal).toFixed(2)}×** | ${seconds(best)} (${(f.wallMs / best).toFixed(2)}×) | ${seconds(sequential)} (${(sequential / f.wallMs).toFixed(1)}× the wall) | ${f.meanRunning.toFixed(1)} (peak ${f.peakRunning}) | ${(f.polls / ITEMS).toFixed(1)} | ${seconds(f.detectionMs)} | ${f.credits} | ${f.starts429} + ${f.polls429} (${f.overConcurrency} over the limit) | ${f.peakRssMb.toFixed(0)} MB (${(f.peakRssMb / baseline.peakRssMb).toFixed(1)}×) | ${f.exitCode === 0 ? 'yes' : `no (${f.exitCode})`} | ${f.seed} |`,
    );
  }
}

console.log(`## CLI: a listing batch (issue 30)

Command: \`pnpm --filter @room-restyler/cli bench\` (\`bench/listing.bench.ts\`; needs \`pnpm build\`). The built \`room-restyler stage\` bin stages ${PHOTOS} photo URLs × ${STYLES.length} styles = ${ITEMS} items (\`--yes --json\`, its file journal, the images downloaded) against a simulator in the bench's process over loopback HTTP: latency uniformly ${LATENCY_MS.min / 1000}–${LATENCY_MS.max / 1000} s per job in real time (no time scale), ${RATE_LIMIT_RATE * 100} % of all \`/api/v1\` requests answered 429 with \`Retry-After: 1\` (starts and polls alike), and at most ${ALLOWED} jobs running per key (\`concurrencyPerKey\`: a start beyond is answered 429 too). Ideal: the mean of this run's job latencies × ⌈${ITEMS} / ${ALLOWED}⌉. Packed: the same jobs in the order they started, on ${ALLOWED} places with no time lost between them (what a client losing no time would take: the tail of uneven jobs is in it, the ideal leaves it out). Sequential: the sum of this run's job latencies (computed, not run: one at a time would take that long plus its detection delays). Latencies, polls, credits, 429s and jobs running are counted at the simulator; detection: from a job's end to the first poll that saw it; peak RSS: the bin's own \`process.resourceUsage().maxRSS\`, against \`room-restyler --help\` measured the same way in the same run (${baseline.peakRssMb.toFixed(0)} MB: Node and the bin's modules). Wall: from spawning the bin to its exit (plan, batch, downloads and report).

| round | run | wall | ideal | wall / ideal | packed (wall / packed) | sequential | jobs running at once, mean (peak) | polls per item | detection, mean | credits | 429s: starts + polls | peak RSS | exit 0 | seed |
| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
${rows.join('\n')}

Polls per item and the learned schedule (issue 26): the bin's client keeps no history of durations, so its batch follows each job on core's default schedule (checks at 3 s and 6.5 s, then every 1.8 s over 9–31 s): ${range(polls.measured)} polls per item measured, the retries of polls answered 429 included. Learned from each run's own latencies, the same jobs take ${range(polls.onLearned)} polls against ${range(polls.onDefault)} on the default (both computed with core's \`pollDelayMs\`).
`);

/**
 * `pnpm --filter @room-restyler/proxy bench`: on loopback, against a simulator whose jobs stay in
 * flight. (1) GET prediction through the proxy vs straight to the simulator, each server alone in
 * its own child process and the load generator in this one; (2) upstream polls of one job watched
 * by 1, 10 and 100 SSE viewers; (3) resident memory of a proxy process holding 1,000 open SSE
 * viewers (stream limits raised), and what the same 1,000 viewers get on the default limits.
 * Markdown on stdout, progress on stderr.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon, { type Result } from 'autocannon';
import { DEFAULT_LIMITS } from '../src/limits/limits.js';
import { startProxyServer } from '../src/node/index.js';
import { readHandle } from '../src/security/handles.js';
import { createSealer } from '../src/security/keys.js';
import { VISITOR_COOKIE } from '../src/security/visitor-cookie.js';
import { limitsNote, RAISED_STREAM_LIMITS } from './limits-note.js';

const KEY = 'bench_key_0123456789';
const SECRET = 'bench-secret-0123456789abcdef';
const note = (text: string) => process.stderr.write(`${text}\n`);

const children: ChildProcess[] = [];
/** A bench server script in its own process; resolves with the URL it prints. */
async function startChild(script: string, env: Record<string, string> = {}): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL(script, import.meta.url))], {
    env: { ...process.env, BENCH_API_KEY: KEY, BENCH_SECRET: SECRET, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  const url = await new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once('line', resolve));
  return { url, child };
}
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}
process.once('exit', () =>
  children.forEach((child) => {
    child.kill('SIGKILL');
  }),
);

const simulator = await startChild('./simulator-server.ts');
// The simulator's own sample, on loopback: the bench needs no network.
const body = JSON.stringify({ image_url: `${simulator.url}/__simulator/samples/empty-room.jpg`, style: 'modern' });
const upstreamCalls = new Map<string, number>();
const countingFetch: typeof fetch = (input, init) => {
  const path = new URL(input instanceof Request ? input.url : String(input)).pathname;
  upstreamCalls.set(path, (upstreamCalls.get(path) ?? 0) + 1);
  return fetch(input, init);
};
const proxy = await startProxyServer({
  apiKey: KEY,
  baseUrl: simulator.url,
  secret: SECRET,
  port: 0,
  uploads: false,
  log: () => {},
  fetch: countingFetch,
  allowPrivateImageUrls: true,
  // One visitor follows its job from 100 streams here.
  limits: RAISED_STREAM_LIMITS,
});

async function startJob(base: string, headers: Record<string, string>): Promise<{ id: string; cookie: string }> {
  const post = (cookie?: string) =>
    fetch(`${base}/api/v1/restyle`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', ...headers, ...(cookie ? { cookie } : {}) },
    });
  const first = await post();
  // The proxy answers a first visit 428 with its visitor cookie: the start is sent again with it.
  const cookie = first.headers.getSetCookie()[0]?.split(';')[0] ?? '';
  const response = first.status === 428 ? await post(cookie) : first;
  const ack = (await response.json()) as { request_id: string };
  return { id: ack.request_id, cookie };
}

// 1. Throughput and latency of GET prediction of an in-flight job.
note('measuring GET prediction, direct and proxied…');
const direct = await startJob(simulator.url, { authorization: `Bearer ${KEY}` });
const proxyChild = await startChild('./proxy-server.ts', { BENCH_UPSTREAM: simulator.url });
const proxied = await startJob(proxyChild.url, {});
const load = (url: string, headers: Record<string, string>, duration = 5): Promise<Result> =>
  autocannon({ url, headers, connections: 10, duration });
type Target = readonly [url: string, headers: Record<string, string>];
const directTarget: Target = [`${simulator.url}/api/v1/prediction/${direct.id}`, { authorization: `Bearer ${KEY}` }];
const proxiedTarget: Target = [`${proxyChild.url}/api/v1/prediction/${proxied.id}`, { cookie: proxied.cookie }];
/** CPU time (user + system) a process has used, in ms (Linux, like the RSS reading below). */
const cpuMs = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
interface Measured {
  rps: number;
  p50: number;
  p99: number;
  /** Server CPU per answered request, µs: what the load generator's share of the machine cannot skew. */
  cpuUs: number;
  failures: number;
}
async function measure(target: Target, pid: number): Promise<Measured> {
  const before = cpuMs(pid);
  const run = await load(...target);
  return {
    rps: run.requests.average,
    p50: run.latency.p50,
    p99: run.latency.p99,
    cpuUs: ((cpuMs(pid) - before) * 1000) / Math.max(1, run.requests.total),
    failures: run.non2xx + run.errors,
  };
}
// The same warm-up for both sides (JIT, connection pools), then rounds that alternate the two
// sides, so load from other processes on the machine falls on both alike; figures are round means.
const ROUNDS = 3;
const WARM_UP_S = 2;
await load(...directTarget, WARM_UP_S);
await load(...proxiedTarget, WARM_UP_S);
const directRounds: Measured[] = [];
const proxiedRounds: Measured[] = [];
for (let round = 0; round < ROUNDS; round++) {
  directRounds.push(await measure(directTarget, simulator.child.pid ?? 0));
  proxiedRounds.push(await measure(proxiedTarget, proxyChild.child.pid ?? 0));
}
await stopChild(proxyChild.child);
const mean = (rounds: Measured[], key: keyof Measured) => rounds.reduce((sum, r) => sum + r[key], 0) / rounds.length;
const summary = (rounds: Measured[]): Measured => ({
  rps: mean(rounds, 'rps'),
  p50: mean(rounds, 'p50'),
  p99: mean(rounds, 'p99'),
  cpuUs: mean(rounds, 'cpuUs'),
  failures: mean(rounds, 'failures') * rounds.length,
});
const directRun = summary(directRounds);
const proxiedRun = summary(proxiedRounds);
note(
  `rounds (req/s): direct ${directRounds.map((r) => r.rps.toFixed(0)).join(', ')}; proxied ${proxiedRounds.map((r) => r.rps.toFixed(0)).join(', ')}`,
);
if (directRun.failures + proxiedRun.failures > 0) note(`warning: ${directRun.failures} direct and ${proxiedRun.failures} proxied failures`);

// 2. Upstream polls of one job per viewer count, over the same 10 s window (three jobs side by side).
note('following three jobs with 1, 10 and 100 SSE viewers for 10 s…');
const WINDOW_MS = 10_000;
const viewerCounts = [1, 10, 100];
const followed = await Promise.all(viewerCounts.map(async (count) => ({ count, job: await startJob(proxy.url, {}) })));
const upstreamIdOf = new Map<string, string>();
const sealer = createSealer(SECRET, 'handles');
for (const { job } of followed) {
  // The handle is sealed for its visitor (the id before the cookie's signature).
  const visitor = job.cookie.slice(`${VISITOR_COOKIE}=`.length).split('.')[0];
  upstreamIdOf.set(job.id, (await readHandle(job.id, visitor, sealer, Date.now()))?.requestId ?? '');
}
const streams = followed.flatMap(({ count, job }) => Array.from({ length: count }, () => openStream(proxy.url, job)));
await Promise.all(streams.map((s) => s.firstEvent));
await new Promise((resolve) => setTimeout(resolve, WINDOW_MS));
const pollsPerJob = followed.map(({ count, job }) => ({
  count,
  polls: upstreamCalls.get(`/api/v1/prediction/${upstreamIdOf.get(job.id)}`) ?? 0,
}));
for (const stream of streams) stream.close();

// 3. Resident memory of a proxy process with 1,000 viewers of one job: with the stream limits
// raised (all of them open), and on the defaults (the per-visitor cap refuses the rest).
interface Viewers {
  open: number;
  refused: number;
  rssBefore: number;
  rssAfter: number;
}
async function thousandViewers(env: Record<string, string>): Promise<Viewers> {
  const { url: childUrl, child } = await startChild('./proxy-server.ts', { BENCH_UPSTREAM: simulator.url, ...env });
  const rss = () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
  const memJob = await startJob(childUrl, {});
  await fetch(`${childUrl}/api/v1/prediction/${memJob.id}`, { headers: { cookie: memJob.cookie } });
  const rssBefore = rss();
  const many = Array.from({ length: 1_000 }, () => openStream(childUrl, memJob));
  const statuses = await Promise.all(many.map((s) => s.answered));
  const rssAfter = rss();
  for (const stream of many) stream.close();
  await stopChild(child);
  const count = (status: number) => statuses.filter((s) => s === status).length;
  return { open: count(200), refused: count(429), rssBefore, rssAfter };
}
note('opening 1,000 SSE viewers on a proxy in a child process, stream limits raised…');
const raised = await thousandViewers({});
note('opening 1,000 SSE viewers on a proxy in a child process, default limits…');
const defaults = await thousandViewers({ BENCH_LIMITS: 'defaults' });

await proxy.close();
await stopChild(simulator.child);

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const ratio = proxiedRun.rps / directRun.rps;
const overheadP99 = proxiedRun.p99 - directRun.p99;
const ms = (value: number) => `${value.toFixed(1)} ms`;
const pollsSame = new Set(pollsPerJob.map((p) => p.polls)).size === 1;
process.stdout.write(
  `## Proxy (@room-restyler/proxy)

\`pnpm --filter @room-restyler/proxy bench` +
    '`' +
    ` — loopback; simulator (jobs kept in flight) and proxy each in their own process (autocannon stays in the bench process), 10 connections × 5 s per run after the same ${WARM_UP_S} s warm-up for both, ${ROUNDS} alternating rounds per side (means shown). Server CPU is the server process's user + system time per answered request. The proxy of the first two tables runs with ${limitsNote(RAISED_STREAM_LIMITS)} (one visitor follows its jobs from up to 100 streams); the last table says what each row ran with.

| GET prediction of an in-flight job | req/s | p50 | p99 | server CPU / request | vs direct |
|---|---:|---:|---:|---:|---:|
| direct to the simulator (baseline) | ${directRun.rps.toFixed(0)} | ${ms(directRun.p50)} | ${ms(directRun.p99)} | ${directRun.cpuUs.toFixed(0)} µs | 1.00× |
| through the proxy (shared job state) | ${proxiedRun.rps.toFixed(0)} | ${ms(proxiedRun.p50)} | ${ms(proxiedRun.p99)} | ${proxiedRun.cpuUs.toFixed(0)} µs | ${ratio.toFixed(2)}× (target ≥ 1.0×) |

p99 overhead of the proxy: ${overheadP99.toFixed(1)} ms (target ≤ 2 ms).

| SSE viewers of one job | upstream polls in ${WINDOW_MS / 1000} s |
|---:|---:|
${pollsPerJob.map((p) => `| ${p.count} | ${p.polls} |`).join('\n')}

Same count for 1, 10 and 100 viewers: ${pollsSame ? 'yes' : 'no'} (target: yes).

| 1,000 SSE viewers of one job, one visitor | limits | streams open / refused 429 | RSS, 1 job, no viewers | RSS with the viewers |
|---|---|---:|---:|---:|
| stream limits raised | ${limitsNote(RAISED_STREAM_LIMITS)} | ${raised.open.toLocaleString('en')} / ${raised.refused.toLocaleString('en')} | ${mb(raised.rssBefore)} MB | ${mb(raised.rssAfter)} MB (+${mb(raised.rssAfter - raised.rssBefore)} MB; target ≤ 200 MB) |
| the defaults | ${limitsNote()} | ${defaults.open.toLocaleString('en')} / ${defaults.refused.toLocaleString('en')} | ${mb(defaults.rssBefore)} MB | ${mb(defaults.rssAfter)} MB (+${mb(defaults.rssAfter - defaults.rssBefore)} MB) |

On the defaults one visitor holds at most ${DEFAULT_LIMITS.streamsPerVisitor} streams (what a browser opens to one host over HTTP/1.1) and one instance at most ${DEFAULT_LIMITS.streamsPerInstance}; the rest are refused \`429 too_many_streams\`.
`,
);

function openStream(
  base: string,
  job: { id: string; cookie: string },
): { firstEvent: Promise<void>; answered: Promise<number>; close(): void } {
  let resolveFirst = () => {};
  const firstEvent = new Promise<void>((resolve) => (resolveFirst = resolve));
  let resolveAnswered = (_status: number) => {};
  const answered = new Promise<number>((resolve) => (resolveAnswered = resolve));
  const req = httpRequest(`${base}/api/v1/prediction/${job.id}/events`, { headers: { cookie: job.cookie }, agent: false }, (res) => {
    // A stream counts once its first event is in; a refusal once its status is.
    if (res.statusCode !== 200) resolveAnswered(res.statusCode ?? 0);
    res.on('data', (chunk: Buffer) => {
      if (!chunk.includes('event: prediction')) return;
      resolveFirst();
      resolveAnswered(200);
    });
    res.on('error', () => {});
  });
  req.on('error', () => resolveAnswered(0));
  req.end();
  return { firstEvent, answered, close: () => req.destroy() };
}

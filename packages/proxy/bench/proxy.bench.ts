/**
 * `pnpm --filter @room-restyler/proxy bench`: on loopback, against an in-process simulator whose
 * jobs stay in flight. (1) GET prediction through the proxy vs straight to the simulator;
 * (2) upstream polls of one job watched by 1, 10 and 100 SSE viewers; (3) resident memory of a
 * proxy process holding 1,000 open SSE viewers. Markdown on stdout, progress on stderr.
 */
import { spawn } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { startSimulator } from '@room-restyler/simulator';
import autocannon, { type Result } from 'autocannon';
import { startProxyServer } from '../src/adapters/node.js';

const KEY = 'bench_key_0123456789';
const SECRET = 'bench-secret-0123456789abcdef';
const note = (text: string) => process.stderr.write(`${text}\n`);
const body = JSON.stringify({ image_url: 'https://photos.example.com/room.jpg', style: 'modern' });

const simulator = await startSimulator({ port: 0, latencyMs: { min: 600_000, max: 600_000 }, accounts: [{ apiKey: KEY, credits: 100_000 }] });
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
  limits: { perVisitor: 1_000, perIp: 1_000, dailyCredits: 1_000 },
});

async function startJob(base: string, headers: Record<string, string>): Promise<{ id: string; cookie: string }> {
  const response = await fetch(`${base}/api/v1/restyle`, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });
  const ack = (await response.json()) as { request_id: string };
  return { id: ack.request_id, cookie: response.headers.getSetCookie()[0]?.split(';')[0] ?? '' };
}

// 1. Throughput and latency of GET prediction of an in-flight job.
note('measuring GET prediction, direct and proxied…');
const direct = await startJob(simulator.url, { authorization: `Bearer ${KEY}` });
const proxied = await startJob(proxy.url, {});
await fetch(`${proxy.url}/api/v1/prediction/${proxied.id}`, { headers: { cookie: proxied.cookie } });
const load = (url: string, headers: Record<string, string>): Promise<Result> => autocannon({ url, headers, connections: 10, duration: 5 });
const directRun = await load(`${simulator.url}/api/v1/prediction/${direct.id}`, { authorization: `Bearer ${KEY}` });
const proxiedRun = await load(`${proxy.url}/api/v1/prediction/${proxied.id}`, { cookie: proxied.cookie });
const failures = (r: Result) => r.non2xx + r.errors;
if (failures(directRun) + failures(proxiedRun) > 0) note(`warning: ${failures(directRun)} direct and ${failures(proxiedRun)} proxied failures`);

// 2. Upstream polls of one job per viewer count, over the same 10 s window (three jobs side by side).
note('following three jobs with 1, 10 and 100 SSE viewers for 10 s…');
const WINDOW_MS = 10_000;
const viewerCounts = [1, 10, 100];
const followed = await Promise.all(viewerCounts.map(async (count) => ({ count, job: await startJob(proxy.url, {}) })));
const upstreamIdOf = new Map<string, string>();
for (const { job } of followed) {
  const [payload] = job.id.split('.');
  upstreamIdOf.set(job.id, (JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as string[])[1] ?? '');
}
const streams = followed.flatMap(({ count, job }) => Array.from({ length: count }, () => openStream(proxy.url, job)));
await Promise.all(streams.map((s) => s.firstEvent));
await new Promise((resolve) => setTimeout(resolve, WINDOW_MS));
const pollsPerJob = followed.map(({ count, job }) => ({ count, polls: upstreamCalls.get(`/api/v1/prediction/${upstreamIdOf.get(job.id)}`) ?? 0 }));
for (const stream of streams) stream.close();

// 3. Resident memory of a proxy process with 1,000 open viewers.
note('opening 1,000 SSE viewers on a proxy in a child process…');
const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./sse-server.ts', import.meta.url))], {
  env: { ...process.env, BENCH_API_KEY: KEY, BENCH_UPSTREAM: simulator.url, BENCH_SECRET: SECRET },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const childUrl = await new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once('line', resolve));
const rss = () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
const memJob = await startJob(childUrl, {});
await fetch(`${childUrl}/api/v1/prediction/${memJob.id}`, { headers: { cookie: memJob.cookie } });
const rssBefore = rss();
const many = Array.from({ length: 1_000 }, () => openStream(childUrl, memJob));
await Promise.all(many.map((s) => s.firstEvent));
const rssAfter = rss();
for (const stream of many) stream.close();
child.kill('SIGTERM');
await new Promise((resolve) => child.once('exit', resolve));

await proxy.close();
await simulator.close();

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const ratio = proxiedRun.requests.average / directRun.requests.average;
const overheadP99 = proxiedRun.latency.p99 - directRun.latency.p99;
const pollsSame = new Set(pollsPerJob.map((p) => p.polls)).size === 1;
process.stdout.write(`## Proxy (@room-restyler/proxy)

\`pnpm --filter @room-restyler/proxy bench` + "`" + ` — loopback, in-process simulator with jobs kept in flight, autocannon 10 connections × 5 s per run.

| GET prediction of an in-flight job | req/s | p50 | p99 | vs direct |
|---|---:|---:|---:|---:|
| direct to the simulator (baseline) | ${directRun.requests.average.toFixed(0)} | ${directRun.latency.p50} ms | ${directRun.latency.p99} ms | 1.00× |
| through the proxy (shared job state) | ${proxiedRun.requests.average.toFixed(0)} | ${proxiedRun.latency.p50} ms | ${proxiedRun.latency.p99} ms | ${ratio.toFixed(2)}× (target ≥ 1.0×) |

p99 overhead of the proxy: ${overheadP99.toFixed(1)} ms (target ≤ 2 ms).

| SSE viewers of one job | upstream polls in ${WINDOW_MS / 1000} s |
|---:|---:|
${pollsPerJob.map((p) => `| ${p.count} | ${p.polls} |`).join('\n')}

Same count for 1, 10 and 100 viewers: ${pollsSame ? 'yes' : 'no'} (target: yes).

| Proxy process | RSS |
|---|---:|
| 1 job, no viewers | ${mb(rssBefore)} MB |
| 1,000 open SSE viewers | ${mb(rssAfter)} MB (+${mb(rssAfter - rssBefore)} MB; target ≤ 200 MB) |
`);

function openStream(base: string, job: { id: string; cookie: string }): { firstEvent: Promise<void>; close(): void } {
  let resolveFirst = () => {};
  const firstEvent = new Promise<void>((resolve) => (resolveFirst = resolve));
  const req = httpRequest(`${base}/api/v1/prediction/${job.id}/events`, { headers: { cookie: job.cookie }, agent: false }, (res) => {
    res.on('data', (chunk: Buffer) => {
      if (chunk.includes('event: prediction')) resolveFirst();
    });
    res.on('error', () => {});
  });
  req.on('error', () => {});
  req.end();
  return { firstEvent, close: () => req.destroy() };
}

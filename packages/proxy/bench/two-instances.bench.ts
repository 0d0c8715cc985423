/**
 * `tsx bench/two-instances.bench.ts`: what sharing state in Redis costs and saves. Browsers poll
 * GET prediction of in-flight jobs through (a) one instance with the memory store — the baseline —
 * (b) two instances each with its own memory (what a load balancer gives without Redis) and
 * (c) two instances sharing a redis-server. Reports proxied throughput and the upstream polls the
 * service received, in one run. Markdown on stdout, logs on stderr. Loopback only, about 20 s.
 */

import { fixedPollSchedule } from '@room-restyler/core';
import { type RunningSimulator, startSimulator } from '@room-restyler/simulator';
import { type RunningRedis, startRedisServer } from '@room-restyler/test-kit';
import autocannon from 'autocannon';
import { type ProxyServer, startProxyServer } from '../src/node/index.js';
import { createRedisStore } from '../src/node/redis/store.js';
import { createSigner } from '../src/security/keys.js';
import type { ProxyStore } from '../src/state/store.js';
import { createMemoryStore } from '../src/state/store.js';
import { randomId } from '../src/util/base64url.js';
import { limitsNote } from './limits-note.js';

const SECONDS = 4;
const CONNECTIONS = 20;
const JOBS = 20;
const POLL_EVERY_MS = 500;
const KEY = 'bench_proxy_key';
const SECRET = 'bench-secret-0123456789abcdef';
const PREDICTION_ROUTE = 'GET /api/v1/prediction/{request_id}';
const SCHEDULE = fixedPollSchedule(POLL_EVERY_MS);
/** Browsers start every job from one address: the generation limits are lifted. */
const LIMITS = { perVisitor: 10_000, perIp: 10_000, dailyCredits: Number.POSITIVE_INFINITY };

/** The part of autocannon 9 used here (the package ships no types). */
interface LoadOptions {
  url: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
  requests: Array<{ method: 'GET'; path: string }>;
}
interface LoadResult {
  requests: { average: number };
  latency: { p99: number };
  non2xx: number;
  errors: number;
}
const load = autocannon as unknown as (options: LoadOptions) => Promise<LoadResult>;

const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);

interface Setup {
  label: string;
  instances: number;
  store: 'memory' | 'redis';
}

interface Measured {
  setup: Setup;
  reqPerSec: number;
  p99: number;
  upstreamPolls: number;
  failures: number;
}

async function measure(setup: Setup, sim: RunningSimulator, redis: RunningRedis | undefined): Promise<Measured> {
  const keyPrefix = `bench:${crypto.randomUUID()}:`;
  const stores: ProxyStore[] = [];
  const servers: ProxyServer[] = [];
  try {
    for (let i = 0; i < setup.instances; i += 1) {
      const store =
        setup.store === 'redis' && redis ? await createRedisStore({ url: redis.url, keyPrefix, log: () => {} }) : createMemoryStore();
      stores.push(store);
      servers.push(
        await startProxyServer({
          apiKey: KEY,
          baseUrl: sim.url,
          secret: SECRET,
          port: 0,
          uploads: false,
          store,
          log: () => {},
          limits: LIMITS,
          jobs: { schedule: SCHEDULE },
          // The photo is the simulator's own sample, on loopback.
          allowPrivateImageUrls: true,
        }),
      );
    }
    const cookie = await visitorCookie();
    const paths = await startJobs(servers[0] as ProxyServer, cookie, `${sim.url}/__simulator/samples/empty-room.jpg`);
    const before = sim.stats().requests[PREDICTION_ROUTE] ?? 0;
    log(`${setup.label}: ${SECONDS} s, ${CONNECTIONS} connections over ${servers.length} instance(s), ${JOBS} in-flight jobs`);
    const results = await Promise.all(
      servers.map((server) =>
        load({
          url: server.url,
          connections: CONNECTIONS / servers.length,
          duration: SECONDS,
          headers: { cookie },
          requests: paths.map((path) => ({ method: 'GET', path })),
        }),
      ),
    );
    const measured: Measured = {
      setup,
      reqPerSec: results.reduce((sum, r) => sum + r.requests.average, 0),
      p99: Math.max(...results.map((r) => r.latency.p99)),
      upstreamPolls: (sim.stats().requests[PREDICTION_ROUTE] ?? 0) - before,
      failures: results.reduce((sum, r) => sum + r.non2xx + r.errors, 0),
    };
    log(
      `${setup.label}: ${Math.round(measured.reqPerSec)} req/s, p99 ${measured.p99} ms, ${measured.upstreamPolls} upstream polls, ${measured.failures} failures`,
    );
    return measured;
  } finally {
    await Promise.all(servers.map((server) => server.close()));
    await Promise.all(stores.map((store) => store.close()));
  }
}

async function visitorCookie(): Promise<string> {
  const id = randomId(16);
  return `rr_visitor=${id}.${await createSigner(SECRET).sign('visitor', id)}`;
}

/** Starts the jobs through the proxy; returns their GET prediction paths (visitor-bound handles). */
async function startJobs(server: ProxyServer, cookie: string, imageUrl: string): Promise<string[]> {
  const paths: string[] = [];
  for (let i = 0; i < JOBS; i += 1) {
    const response = await fetch(`${server.url}/api/v1/restyle`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ image_url: imageUrl, style: 'modern' }),
    });
    const body = (await response.json()) as { request_id?: string };
    if (!response.ok || !body.request_id) throw new Error(`starting a job failed with ${response.status}`);
    paths.push(`/api/v1/prediction/${body.request_id}`);
  }
  return paths;
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const ratio = (n: number, base: number) => (base > 0 ? `${(n / base).toFixed(2)}×` : '–');

function markdown(rows: Measured[], note: string | undefined): string {
  const lines = [
    '',
    '### Two instances sharing Redis',
    '',
    '`pnpm --filter @room-restyler/proxy bench` (`bench/two-instances.bench.ts`)',
    '',
    `Browsers poll GET prediction of ${JOBS} in-flight jobs for ${SECONDS} s per setup (autocannon, ${CONNECTIONS} connections in all, split over the instances; loopback). ` +
      `The proxies poll the service every ${POLL_EVERY_MS} ms per job, with ${limitsNote(LIMITS)}. All instances run in this one Node process, so throughput shows the cost of the shared store, not scale-out.`,
    '',
  ];
  if (note) return [...lines, note, ''].join('\n');
  const [base] = rows;
  if (!base) return lines.join('\n');
  lines.push(
    '| Setup | Proxied req/s | vs baseline | p99 (ms) | Upstream polls | per job | vs baseline |',
    '|---|---:|---:|---:|---:|---:|---:|',
  );
  for (const row of rows) {
    lines.push(
      `| ${row.setup.label} | ${fmt(row.reqPerSec)} | ${ratio(row.reqPerSec, base.reqPerSec)} | ${row.p99} | ${fmt(row.upstreamPolls)} | ${(row.upstreamPolls / JOBS).toFixed(1)} | ${ratio(row.upstreamPolls, base.upstreamPolls)} |`,
    );
  }
  const failures = rows.reduce((sum, row) => sum + row.failures, 0);
  lines.push(
    '',
    failures === 0
      ? 'Every proxied request answered 2xx.'
      : `${failures} proxied requests failed (non-2xx or errors): see the log on stderr.`,
    '',
  );
  return lines.join('\n');
}

async function main(): Promise<void> {
  let redis: RunningRedis | undefined;
  try {
    redis = await startRedisServer();
  } catch (error) {
    log((error as Error).message);
    process.stdout.write(markdown([], '_Not measured: redis-server is not installed on this machine._'));
    return;
  }
  // A 60 s latency keeps every job in flight during the run.
  const sim = await startSimulator({ accounts: [{ apiKey: KEY, credits: 1_000_000 }], latencyMs: { min: 60_000, max: 60_000 }, seed: 1 });
  try {
    const rows: Measured[] = [];
    for (const setup of [
      { label: '1 instance, memory store (baseline)', instances: 1, store: 'memory' },
      { label: '2 instances, memory store each (no Redis)', instances: 2, store: 'memory' },
      { label: '2 instances, shared Redis', instances: 2, store: 'redis' },
    ] satisfies Setup[]) {
      rows.push(await measure(setup, sim, redis));
    }
    process.stdout.write(markdown(rows, undefined));
  } finally {
    await sim.close();
    await redis.stop();
  }
}

main().catch((error: unknown) => {
  log(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 1;
});

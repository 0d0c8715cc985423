/**
 * Redis killed under traffic, as an operator would try it: two proxy processes (the built bin)
 * behind an imaginary load balancer, one redis-server with an append-only file, one simulator.
 * Visitors keep starting generations (one Idempotency-Key per action, sent again with the same key
 * after a 503, 409 or 502 unknown, alternating instances) while Redis gets `kill -9`, stays away
 * for a while, and comes back. The report says what the operator would check: the instances
 * stayed up, said "not ready" and ready again (and how fast), kept serving polls of known jobs,
 * refused new work cleanly, and every simulator job belongs to exactly one action.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type RunningSimulator, startSimulator } from '@room-restyler/simulator';
import { type RunningRedis, startRedisServer, TEST_API_KEY, waitFor } from '@room-restyler/test-kit';
import { Visitor, visitorCookie } from './harness.js';
import { listeningUrl, runNode } from './run-node.js';

// The built bin, as an operator runs it (`pnpm test`, `pnpm check` and `pnpm bench` build first).
const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));
const SECRET = 'chaos-secret-0123456789abcdef';
const CLEAN_REFUSALS = new Set(['503 store_unavailable', '409 idempotency_in_progress']);

export interface ChaosOptions {
  visitors: number;
  actionsPerVisitor: number;
  /** How long Redis stays away once killed. */
  downtimeMs: number;
}

export interface ChaosReport {
  actions: number;
  /** Actions that ended with a handle. */
  answered: number;
  /** Actions that ended with anything else (status or code), by outcome. */
  unanswered: Record<string, number>;
  /** Handles whose job was followed to `succeeded`. */
  succeeded: number;
  /** Jobs the simulator accepted, and credits it debited. */
  jobs: number;
  charged: number;
  /** Actions (Idempotency-Keys) with more than one job. */
  chargedTwice: number;
  /** Jobs no action got a handle for. */
  orphanJobs: number;
  /**
   * Generation answers other than 200 while Redis was away (until both instances were ready again):
   * clean ones (503 store_unavailable, or 409 idempotency_in_progress for a request whose record
   * Redis kept, each with Retry-After), anything else, and every one by status and code.
   */
  refusedCleanly: number;
  refusedOtherwise: number;
  refusals: Record<string, number>;
  /** Polls of known handles while Redis was away: answered 200, and not. */
  pollsServed: number;
  pollsFailed: number;
  /** From `kill -9` until both instances answered /readyz 503, and from Redis's return until both answered 200. */
  notReadyAfterMs: number;
  readyAgainAfterMs: number;
  /** Both proxy processes were still running at the end. */
  instancesAlive: boolean;
}

interface Action {
  key: string;
  visitor: string;
  handle?: string;
  outcome?: string;
}

export async function runChaos(options: ChaosOptions): Promise<ChaosReport> {
  const dataDir = mkdtempSync(join(tmpdir(), 'room-proxy-chaos-'));
  /** The running redis-server (a new one after the restart). */
  const servers: { redis?: RunningRedis } = {};
  let sim: RunningSimulator | undefined;
  const children: ChildProcess[] = [];
  try {
    const redis = await startRedisServer({ dataDir });
    servers.redis = redis;
    sim = await startSimulator({ accounts: [{ apiKey: TEST_API_KEY, credits: 10_000 }], latencyMs: { min: 600, max: 1_200 } });
    const env = {
      ROOM_API_KEY: TEST_API_KEY,
      ROOM_API_BASE_URL: sim.url,
      ROOM_PROXY_SECRET: SECRET,
      ROOM_PROXY_REDIS_URL: redis.url,
      ROOM_PROXY_REDIS_PREFIX: `chaos:${crypto.randomUUID()}:`,
      // Every visitor comes from its own address (X-Forwarded-For), as behind a load balancer.
      ROOM_PROXY_TRUST_PROXY: '1',
      // The photo is the simulator's own sample, on loopback.
      ROOM_PROXY_ALLOW_PRIVATE_IMAGE_URLS: 'true',
    };
    const urls = await Promise.all([0, 1].map(() => startInstance(env, children)));
    await waitFor(async () => (await Promise.all(urls.map(readyStatus))).every((s) => s === 200), 'both instances to be ready');
    return await underTraffic(options, { servers, sim, urls, dataDir, children });
  } finally {
    await Promise.all(children.map(stopChild));
    await sim?.close();
    await servers.redis?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

interface Stack {
  servers: { redis?: RunningRedis };
  sim: RunningSimulator;
  urls: string[];
  dataDir: string;
  children: ChildProcess[];
}

async function underTraffic(options: ChaosOptions, stack: Stack): Promise<ChaosReport> {
  const { sim, urls } = stack;
  const photo = `${sim.url}/__simulator/samples/empty-room.jpg`;
  const outage = { active: false, refusedCleanly: 0, refusedOtherwise: 0, refusals: {} as Record<string, number> };
  const actions: Action[] = [];
  const clients = await Promise.all(
    Array.from({ length: options.visitors }, async (_, v) => {
      const cookie = await visitorCookie(SECRET);
      const forwarded = { 'x-forwarded-for': `10.0.${v}.1` };
      return {
        id: cookie.slice('rr_visitor='.length).split('.')[0] ?? '',
        on: urls.map((url) => Object.assign(new Visitor(url, forwarded), { cookie })),
      };
    }),
  );

  /** One action: sent until it is answered with a handle or something final (bounded). */
  const act = async (client: (typeof clients)[number], action: Action) => {
    const deadline = Date.now() + 90_000;
    for (let attempt = 0; Date.now() < deadline; attempt++) {
      const answer = await client.on[attempt % 2]
        ?.restyle({ 'idempotency-key': action.key }, { image_url: photo, style: 'modern' })
        .catch(() => undefined);
      if (outage.active && answer?.status !== 200) {
        const refusal = answer ? `${answer.status} ${String(answer.json.code)}` : 'no answer';
        outage.refusals[refusal] = (outage.refusals[refusal] ?? 0) + 1;
        if (CLEAN_REFUSALS.has(refusal) && answer?.headers.get('retry-after')) outage.refusedCleanly++;
        else outage.refusedOtherwise++;
      }
      if (answer?.status === 200) {
        action.handle = String(answer.json.request_id);
        return;
      }
      action.outcome = answer ? `${answer.status} ${String(answer.json.code)}` : 'no answer';
      if (!answer || ![409, 502, 503].includes(answer.status)) return;
      // Told when to come back; a busy visitor comes back sooner (the answer is the same).
      await pause(Math.min(Number(answer.headers.get('retry-after') ?? 1) * 1_000, 200));
    }
  };

  const traffic = Promise.all(
    clients.map(async (client, v) => {
      for (let a = 0; a < options.actionsPerVisitor; a++) {
        const action: Action = { key: `v${v}-a${a}`, visitor: client.id };
        actions.push(action);
        await act(client, action);
        await pause(150);
      }
    }),
  );

  // Kill Redis once generations are flowing.
  await waitFor(() => actions.filter((a) => a.handle).length >= options.visitors, 'the first generations');
  const known = actions.find((a) => a.handle) as Action & { handle: string };
  const owner = clients.find((c) => c.id === known.visitor);
  outage.active = true;
  const killedAt = Date.now();
  const killed = stack.servers.redis as RunningRedis;
  await killed.kill();
  await waitFor(async () => (await Promise.all(urls.map(readyStatus))).every((s) => s === 503), 'both instances to report not ready');
  const notReadyAfterMs = Date.now() - killedAt;
  let pollsServed = 0;
  let pollsFailed = 0;
  while (Date.now() - killedAt < options.downtimeMs) {
    for (const visitor of owner?.on ?? []) {
      const poll = await visitor.request(`/api/v1/prediction/${known.handle}`).catch(() => undefined);
      if (poll?.status === 200) pollsServed++;
      else pollsFailed++;
    }
    await pause(100);
  }
  stack.servers.redis = await startRedisServer({ port: killed.port, dataDir: stack.dataDir });
  const backAt = Date.now();
  await waitFor(async () => (await Promise.all(urls.map(readyStatus))).every((s) => s === 200), 'both instances to be ready again');
  const readyAgainAfterMs = Date.now() - backAt;
  outage.active = false;
  await traffic;

  // Every handle followed to its end, on either instance.
  let succeeded = 0;
  await Promise.all(
    actions.map(async (action, i) => {
      const client = clients.find((c) => c.id === action.visitor);
      if (!action.handle || !client) return;
      for (let attempt = 0; attempt < 200; attempt++) {
        const poll = await client.on[(i + attempt) % 2]?.request(`/api/v1/prediction/${action.handle}`);
        if (poll?.json.status === 'succeeded') {
          succeeded++;
          return;
        }
        await pause(100);
      }
    }),
  );
  await waitFor(() => stack.sim.stats().jobs.running === 0, 'the simulator’s jobs to end');
  const instancesAlive = stack.children.every((child) => child.exitCode === null && child.signalCode === null);

  const stats = stack.sim.stats();
  const jobsPerKey = new Map<string, number>();
  for (const job of stats.acceptedJobs) jobsPerKey.set(job.idempotencyKey ?? '', (jobsPerKey.get(job.idempotencyKey ?? '') ?? 0) + 1);
  const answeredKeys = new Set(actions.filter((a) => a.handle).map((a) => `rr-${a.visitor}-${a.key}`));
  const unanswered: Record<string, number> = {};
  for (const action of actions.filter((a) => !a.handle)) unanswered[action.outcome ?? '?'] = (unanswered[action.outcome ?? '?'] ?? 0) + 1;
  return {
    actions: actions.length,
    answered: answeredKeys.size,
    unanswered,
    succeeded,
    jobs: stats.jobs.accepted,
    charged: stats.credits.debited,
    chargedTwice: [...jobsPerKey.values()].filter((n) => n > 1).length,
    orphanJobs: stats.acceptedJobs.filter((job) => !answeredKeys.has(job.idempotencyKey ?? '')).length,
    refusedCleanly: outage.refusedCleanly,
    refusedOtherwise: outage.refusedOtherwise,
    refusals: outage.refusals,
    pollsServed,
    pollsFailed,
    notReadyAfterMs,
    readyAgainAfterMs,
    instancesAlive,
  };
}

async function startInstance(env: Record<string, string>, children: ChildProcess[]): Promise<string> {
  const child = runNode(CLI, ['--port', '0'], { env });
  children.push(child);
  return listeningUrl(child);
}

async function readyStatus(url: string): Promise<number> {
  return fetch(`${url}/readyz`).then(
    (response) => response.body?.cancel().then(() => response.status) ?? response.status,
    () => 0,
  );
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

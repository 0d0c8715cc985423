/**
 * `tsx bench/resilience.bench.ts` (after a build: it runs the built bin): what issue 15's fixes hold
 * under fire, measured —
 * - Redis killed (`kill -9`) under traffic between two proxy processes: time until both report
 *   not ready, until both are ready again after Redis returns, refusals and polls meanwhile, and
 *   jobs against actions and credits;
 * - answers lost between the proxy and the service (the simulator resets connections before or
 *   after creating the job): how many were found again, left unknown, and jobs against charges;
 * - oversized bodies from a client in another process: 413s against network errors;
 * - the cost of sealed handles against the signed ones they replace.
 * Markdown on stdout, logs on stderr. Loopback only, about a minute.
 */
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startSimulator } from '@room-restyler/simulator';
import { TEST_API_KEY } from '@room-restyler/test-kit';
import { startProxyServer } from '../src/node/index.js';
import { createHandle, readHandle } from '../src/security/handles.js';
import { createSealer, createSigner } from '../src/security/keys.js';
import { type ChaosReport, runChaos } from '../test/support/chaos.js';
import { Visitor, visitorCookie } from '../test/support/harness.js';
import { listeningUrl, runNode } from '../test/support/run-node.js';
import { limitsNote } from './limits-note.js';

const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const CHAOS_ROUNDS = 3;
const CHAOS = { visitors: 12, actionsPerVisitor: 3, downtimeMs: 3_000 };

async function redisKilled(): Promise<string> {
  const rounds: ChaosReport[] = [];
  for (let round = 1; round <= CHAOS_ROUNDS; round++) {
    log(`Redis killed under traffic, round ${round}`);
    rounds.push(await runChaos(CHAOS));
  }
  const row = (r: ChaosReport, i: number) =>
    `| ${i + 1} | ${r.notReadyAfterMs} ms | ${r.readyAgainAfterMs} ms | ${r.refusedCleanly} / ${r.refusedOtherwise} | ${r.pollsServed} / ${r.pollsFailed} | ${r.answered} / ${r.actions} | ${r.jobs} | ${r.charged} | ${r.chargedTwice} | ${r.orphanJobs} | ${r.instancesAlive ? 'yes' : '**no**'} |`;
  return [
    '### Redis killed under traffic',
    '',
    `Two proxy processes (the built bin, ${limitsNote()}) on one redis-server (append-only file, fsync always), ${CHAOS.visitors} visitors × ${CHAOS.actionsPerVisitor} generations each with an Idempotency-Key, alternating instances and sent again with the same key after a 503, 409 or 502; Redis gets \`kill -9\` once ${CHAOS.visitors} generations are answered, stays away ${CHAOS.downtimeMs / 1000} s, and comes back on the same port. ${CHAOS_ROUNDS} rounds.`,
    '',
    '| Round | kill → both not ready | Redis back → both ready | refused meanwhile: 503 with Retry-After / other | polls of a known job meanwhile: served / failed | actions answered with a handle | simulator jobs | credits charged | actions charged twice | jobs nobody got | both instances up |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    ...rounds.map(row),
    '',
    'Readiness asks the store at most once a second and the service at most every 5 s; the Redis client reconnects within a second of its return.',
  ].join('\n');
}

interface LostProfile {
  label: string;
  actions: number;
  concurrency: number;
  resetRate: number;
}

const LOST: LostProfile[] = [
  { label: 'now and then', actions: 80, concurrency: 1, resetRate: 0.08 },
  { label: 'a storm', actions: 60, concurrency: 10, resetRate: 0.2 },
];
const LOST_UPSTREAM_TIMEOUT_MS = 2_000;
const LOST_SECRET = 'bench-lost-secret-0123456789';
/** One visitor address sends every action: the generation limits are lifted. */
const LOST_LIMITS = { perVisitor: Number.POSITIVE_INFINITY, perIp: Number.POSITIVE_INFINITY, dailyCredits: Number.POSITIVE_INFINITY };

/** Actions through one proxy while the simulator resets a share of all its connections (half of them after creating the job). */
async function lostAnswers(): Promise<string> {
  const rows: string[] = [];
  for (const profile of LOST) rows.push(await lostAnswersRow(profile));
  return [
    '### Answers lost between the proxy and the service',
    '',
    `Generations through one proxy (${limitsNote(LOST_LIMITS)}; upstream timeout ${LOST_UPSTREAM_TIMEOUT_MS / 1000} s, so a lost start’s deadline is 7 s) while the simulator resets a share of its API connections (seed 15; half before, half after creating the job; polls and the list of predictions are reset too). A visitor sends a refused action again with the same key when told, at most 4 times.`,
    '',
    '| Profile | actions, at a time | resets | answered with a handle | left "unknown, not retried" | other errors | POST answers lost | found in the same request | found when sent again | proved never started, started again | simulator jobs | credits charged | jobs nobody got | actions charged twice |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows,
    '',
    'A lost answer is matched by creation time and elimination (the list has no inputs); the clocks’ offset is learned from acknowledged jobs. When several lost starts overlap in time — a storm — their jobs cannot be told apart: each such start is answered "unknown, not retried", its job (if any) is paid for once, nobody gets it, and nothing is started a second time.',
  ].join('\n');
}

async function lostAnswersRow(profile: LostProfile): Promise<string> {
  log(`answers lost between the proxy and the service: ${profile.label}`);
  const sim = await startSimulator({
    accounts: [{ apiKey: TEST_API_KEY, credits: 10_000 }],
    latencyMs: { min: 300, max: 600 },
    resetRate: profile.resetRate,
    seed: 15,
  });
  // What the proxy did with each lost answer, from its log: in the request itself, and when the same key came back.
  const reconciled: Record<string, number> = {};
  const server = await startProxyServer({
    apiKey: TEST_API_KEY,
    baseUrl: sim.url,
    secret: LOST_SECRET,
    port: 0,
    uploads: false,
    upstreamTimeoutMs: LOST_UPSTREAM_TIMEOUT_MS,
    // The photo is the simulator's own sample, on loopback.
    allowPrivateImageUrls: true,
    limits: LOST_LIMITS,
    log: (entry) => {
      const when = { 'generation outcome unknown': 'lost', 'lost start reconciled': 'again' }[entry.msg];
      if (when) reconciled[`${when} ${String(entry.outcome)}`] = (reconciled[`${when} ${String(entry.outcome)}`] ?? 0) + 1;
    },
  });
  const photo = `${sim.url}/__simulator/samples/empty-room.jpg`;
  const outcomes = { answered: 0, unknown: 0, other: 0 };
  const answered = new Set<string>();
  try {
    let next = 0;
    await Promise.all(
      Array.from({ length: profile.concurrency }, async () => {
        const visitor = new Visitor(server.url);
        visitor.cookie = await visitorCookie(LOST_SECRET);
        const id = visitor.cookie.slice('rr_visitor='.length).split('.')[0];
        while (next < profile.actions) {
          const key = `action-${next++}`;
          let wasUnknown = false;
          for (let attempt = 0; ; attempt++) {
            const answer = await visitor.restyle({ 'idempotency-key': key }, { image_url: photo, style: 'modern' }).catch(() => undefined);
            if (answer?.status === 200) {
              answered.add(`rr-${id}-${key}`);
              outcomes.answered++;
              break;
            }
            wasUnknown ||= answer?.json.code === 'generation_unknown';
            // Sent again with the same key, when told, a few times; then the visitor gives up.
            if (attempt >= 4 || !answer || ![409, 502, 503].includes(answer.status)) {
              if (wasUnknown) outcomes.unknown++;
              else outcomes.other++;
              break;
            }
            await pause(Number(answer.headers.get('retry-after') ?? 1) * 1_000);
          }
        }
      }),
    );
    while (sim.stats().jobs.running > 0) await pause(50);
    const stats = sim.stats();
    const perKey = new Map<string, number>();
    for (const job of stats.acceptedJobs) perKey.set(job.idempotencyKey ?? '', (perKey.get(job.idempotencyKey ?? '') ?? 0) + 1);
    const orphans = stats.acceptedJobs.filter((job) => !answered.has(job.idempotencyKey ?? '')).length;
    const lost = Object.entries(reconciled)
      .filter(([name]) => name.startsWith('lost '))
      .reduce((sum, [, n]) => sum + n, 0);
    return `| ${profile.label} | ${profile.actions}, ${profile.concurrency} | ${profile.resetRate * 100} % (${stats.faults.resets}, ${stats.faults.resetsAfterJobCreated} after creating the job) | ${outcomes.answered} | ${outcomes.unknown} | ${outcomes.other} | ${lost} | ${reconciled['lost adopted'] ?? 0} | ${reconciled['again adopted'] ?? 0} | ${reconciled['again not_started'] ?? 0} | ${stats.jobs.accepted} | ${stats.credits.debited} | ${orphans} | ${[...perKey.values()].filter((n) => n > 1).length} |`;
  } finally {
    await server.close();
    await sim.close();
  }
}

/** Oversized bodies from this process to a proxy in its own: every one should read its 413. */
async function oversized(): Promise<string> {
  log('oversized bodies');
  const child: ChildProcess = runNode(fileURLToPath(new URL('../test/support/serve-proxy.ts', import.meta.url)));
  try {
    const url = await listeningUrl(child);
    const send = async (path: string, body: Uint8Array<ArrayBuffer> | string, type: string) => {
      const started = performance.now();
      try {
        const response = await fetch(`${url}${path}`, { method: 'POST', body, headers: { 'content-type': type } });
        await response.arrayBuffer();
        return { status: response.status, ms: performance.now() - started };
      } catch {
        return { status: 0, ms: performance.now() - started };
      }
    };
    const json = JSON.stringify({ image_url: 'https://photos.example.com/room.jpg', style: 'x'.repeat(5 * 1024 * 1024) });
    const upload = new Uint8Array(40 * 1024 * 1024);
    const rows: string[] = [];
    for (const [label, count, path, body, type] of [
      ['5 MB JSON POST to /api/v1/restyle', 30, '/api/v1/restyle', json, 'application/json'],
      ['40 MB upload to /api/v1/uploads', 10, '/api/v1/uploads', upload, 'image/jpeg'],
    ] as const) {
      const results = [];
      for (let i = 0; i < count; i++) results.push(await send(path, body, type));
      const refused = results.filter((r) => r.status === 413).length;
      const mean = results.reduce((sum, r) => sum + r.ms, 0) / results.length;
      rows.push(`| ${label} | ${count} | ${refused} | ${results.filter((r) => r.status === 0).length} | ${mean.toFixed(0)} ms |`);
    }
    return [
      '### Oversized bodies',
      '',
      `Sequential POSTs from Node’s fetch to a proxy with ${limitsNote()} in its own process (so it answers while the client is still sending).`,
      '',
      '| Request | sent | answered 413 JSON | network errors (EPIPE, reset) | mean time to the answer |',
      '|---|---:|---:|---:|---:|',
      ...rows,
    ].join('\n');
  } finally {
    child.kill('SIGTERM');
  }
}

/** µs per operation, over `count` runs. */
async function timed(count: number, run: (i: number) => Promise<unknown>): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < count; i++) await run(i);
  return ((performance.now() - started) * 1_000) / count;
}

async function handles(): Promise<string> {
  log('handles');
  const secret = 'bench-handles-secret-0123456789';
  const sealer = createSealer(secret, 'handles');
  const signer = createSigner(secret);
  const visitor = 'v'.repeat(22);
  const count = 5_000;
  const claims = (i: number) => ({ visitor, requestId: `pred_${i}_abcdefghijklmnop`, startedAt: 1, expiresAt: 2 ** 40 });
  const signing = await timed(count, (i) => signer.sign('visitor', `${visitor}.${JSON.stringify(claims(i))}`));
  const made: string[] = [];
  const sealing = await timed(count, async (i) => made.push(await createHandle(claims(i), sealer)));
  const opening = await timed(count, (i) => readHandle(made[i] as string, visitor, sealer, 0));
  const cached = await timed(count, (i) => readHandle(made[i] as string, visitor, sealer, 0));
  return [
    '### Sealed handles',
    '',
    `${count.toLocaleString('en')} handles, WebCrypto on Node ${process.version}. A poll reads its handle from the cache after the first time.`,
    '',
    '| Operation | µs each | vs HMAC signature (the signed handles before) |',
    '|---|---:|---:|',
    `| HMAC-SHA256 signature (baseline) | ${signing.toFixed(1)} | 1.00× |`,
    `| seal a handle (AES-256-GCM) | ${sealing.toFixed(1)} | ${(sealing / signing).toFixed(2)}× |`,
    `| open a handle, first read | ${opening.toFixed(1)} | ${(opening / signing).toFixed(2)}× |`,
    `| open a handle, cached | ${cached.toFixed(1)} | ${(cached / signing).toFixed(2)}× |`,
  ].join('\n');
}

async function main(): Promise<void> {
  const sections = [await redisKilled(), await lostAnswers(), await oversized(), await handles()];
  process.stdout.write(
    [
      '## Proxy resilience (issue 15)',
      '',
      '`pnpm --filter @room-restyler/proxy bench` (`bench/resilience.bench.ts`; needs a build) — loopback.',
      '',
      sections.join('\n\n'),
      '',
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  log(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 1;
});

/**
 * The `room-restyler` bin, as a child process, against an in-process simulator: a listing staged
 * end to end, its `--json` report, local photos refused without an upload route, and a batch
 * killed with SIGKILL mid-run then resumed, on each backend — the simulator counting one job per item.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type RunningSimulator, startSimulator } from '@room-restyler/simulator';
import { type Served, serveOverHttp, startRedisServer, waitFor } from '@room-restyler/test-kit';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RedisList } from '../src/queue/redis-journal.js';

const BIN = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const API_KEY = 'sim_cli_test_key';

let simulator: RunningSimulator;
let photos: Served;
let out: string;

/** Three photos on a loopback server (the simulator fetches loopback origins when it listens on one). */
const photoUrls = () => ['room-1', 'room-2', 'room-3'].map((name) => `${photos.url}/${name}.jpg`);

beforeAll(async () => {
  simulator = await startSimulator({ port: 0, accounts: [{ apiKey: API_KEY, credits: 1000 }], latencyMs: { min: 300, max: 900 } });
  const sample = new Uint8Array(await (await fetch(`${simulator.url}/__simulator/samples/empty-room.jpg`)).arrayBuffer());
  photos = await serveOverHttp(async () => new Response(sample, { headers: { 'content-type': 'image/jpeg' } }));
});

afterAll(async () => {
  await photos?.close();
  await simulator?.close();
});

beforeEach(async (context) => {
  out = await mkdtemp(join(tmpdir(), 'room-restyler-cli-'));
  context.onTestFinished(() => rm(out, { recursive: true, force: true }));
});

interface Run {
  child: ChildProcess;
  done: Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>;
}

function run(args: string[], env: NodeJS.ProcessEnv = {}): Run {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: { PATH: process.env.PATH, ROOM_API_KEY: API_KEY, ROOM_API_BASE_URL: simulator.url, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => (stdout += chunk));
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  const done = once(child, 'close').then(([code, signal]) => ({ code, signal, stdout, stderr }));
  return { child, done };
}

const jobsAccepted = () => simulator.stats().jobs.accepted;
const images = async () => (await readdir(out)).filter((file) => file.endsWith('.jpg')).sort();
const STAGED = [
  'room-1-modern.jpg',
  'room-1-rustic.jpg',
  'room-2-modern.jpg',
  'room-2-rustic.jpg',
  'room-3-modern.jpg',
  'room-3-rustic.jpg',
];

describe('room-restyler stage', () => {
  it('lists stage in --help', async () => {
    const { code, stdout } = await run(['--help']).done;
    expect(code).toBe(0);
    expect(stdout).toMatch(/room-restyler stage <photo or URL>\.\.\./);
  });

  it('stages 3 photos in 2 styles: 6 images, report.json and the contact sheet, one job per image', async () => {
    const before = jobsAccepted();
    const { code, stderr } = await run(['stage', ...photoUrls(), '--styles', 'modern,rustic', '--out', out, '--yes']).done;
    expect(stderr).toContain('Plan: 6 images (3 photos × 2 styles), 6 credits');
    expect(code).toBe(0);
    expect(await images()).toEqual(STAGED);
    const report = JSON.parse(await readFile(join(out, 'report.json'), 'utf8'));
    expect(report).toMatchObject({ ok: true, credits: 6, succeeded: 6, failed: 0, cancelled: 0 });
    expect(jobsAccepted() - before).toBe(6);
    const sheet = await readFile(join(out, 'index.html'), 'utf8');
    for (const image of STAGED) expect(sheet).toContain(`src="${image}"`);
    expect(sheet).toContain(`src="${photos.url}/room-1.jpg"`);
  });

  it('prints the report as JSON with --json', async () => {
    const { code, stdout } = await run(['stage', photoUrls()[0] as string, '--style', 'modern', '--out', out, '--yes', '--json']).done;
    expect(code).toBe(0);
    const report = JSON.parse(stdout);
    expect(Object.keys(report).sort()).toEqual(['balance', 'cancelled', 'charged', 'credits', 'failed', 'items', 'ok', 'succeeded']);
    expect(report.items).toEqual([
      {
        id: 'room-1-modern',
        photo: `${photos.url}/room-1.jpg`,
        style: 'modern',
        status: 'succeeded',
        charged: true,
        requestId: expect.any(String),
        image: 'room-1-modern.jpg',
        output: [expect.stringMatching(/^http/)],
      },
    ]);
    expect(report.charged).toEqual(['room-1-modern']);
  });

  it('refuses a local photo without an upload route, before anything is priced or started', async () => {
    const before = jobsAccepted();
    const local = join(out, 'room.jpg');
    await writeFile(local, 'a photo');
    const { code, stderr } = await run(['stage', local, '--style', 'modern', '--out', join(out, 'staged'), '--yes']).done;
    expect(code).toBe(2);
    expect(stderr).toContain('--proxy URL');
    expect(jobsAccepted()).toBe(before);
  });

  it('asks for --yes when it cannot ask', async () => {
    const { code, stderr } = await run(['stage', photoUrls()[0] as string, '--style', 'modern', '--out', out]).done;
    expect(code).toBe(2);
    expect(stderr).toContain('--yes');
  });
});

/** Runs the batch, kills it with SIGKILL once `accepted()` counts two jobs journalled, resumes it: one job per item. */
async function killAndResume(backend: string[], accepted: () => Promise<number>): Promise<void> {
  const before = jobsAccepted();
  const first = run(['stage', ...photoUrls(), '--styles', 'modern,rustic', '--out', out, '--yes', '--concurrency', '2', ...backend]);
  await waitFor(async () => (await accepted()) >= 2, 'two jobs journalled as accepted');
  first.child.kill('SIGKILL');
  const killed = await first.done;
  expect(killed.signal).toBe('SIGKILL');
  expect(await images()).toEqual([]);

  const resumed = await run(['stage', '--resume', '--out', out, '--yes', ...backend]).done;
  expect(resumed.stderr).not.toContain('may have been charged');
  expect(resumed.code).toBe(0);
  expect(await images()).toEqual(STAGED);
  expect(jobsAccepted() - before).toBe(6);
  const report = JSON.parse(await readFile(join(out, 'report.json'), 'utf8'));
  expect(report).toMatchObject({ ok: true, succeeded: 6 });
}

const acceptedIn = (records: string[]) => records.filter((record) => record.includes('"kind":"accepted"')).length;

describe('a batch killed with SIGKILL mid-run and resumed', () => {
  it('with its journal in a file', async () => {
    const journal = join(out, 'batch.jsonl');
    await killAndResume([], async () => acceptedIn((await readFile(journal, 'utf8').catch(() => '')).split('\n')));
  });

  it('on BullMQ and Redis', async (context) => {
    const redis = await startRedisServer();
    context.onTestFinished(() => redis.stop());
    const queue = new Queue('room-restyler-test-reader', { connection: { url: redis.url } });
    context.onTestFinished(() => queue.close());
    const list = (await queue.client) as unknown as RedisList;
    const key = `room-restyler:batch:${basename(out)}:journal`;
    await killAndResume(['--queue', redis.url], async () => acceptedIn(await list.lrange(key, 0, -1)));
  });
});

/**
 * `tsx bench/abuse.bench.ts`: what a stranger can make the proxy hold (issue 15, item 3). A proxy
 * in its own process (the CLI's defaults: disk uploads, bodies spooled to disk) takes
 * - 300,000 cookie-less generation requests from one IP, all refused (429 ip_limit);
 * - 40 parallel 14.7 MB uploads over the per-IP upload limit (429 before the body is read);
 * - 40 parallel chunked uploads of 16 MB, over the 15 MB cap (413 once the cap is passed; a
 *   second proxy process whose upload limits let them through to the body);
 * and its resident memory is read before (the baseline, after warm-up and a collection), at its
 * peak during each phase (sampled every 50 ms, garbage included), and after a collection. Target:
 * at most 30 MB held above the baseline. Markdown on stdout, progress on stderr. Linux (/proc).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type { Limits } from '../src/limits/limits.js';
import { limitsNote } from './limits-note.js';

const note = (text: string) => process.stderr.write(`[bench] ${text}\n`);
const MB = 1024 * 1024;
const REFUSED_REQUESTS = 300_000;
const PARALLEL_UPLOADS = 40;
const TARGET_MB = 30;
/** Limits full (0): every generation and upload is a refusal. */
const FULL: Partial<Limits> = { perIp: 0, uploadsPerIp: 0 };
/** Upload limits open, so uploads reach the body cap. */
const UPLOADS_OPEN: Partial<Limits> = { perIp: 0, uploadsPerIp: 1_000 };

interface AbuseServer {
  url: string;
  rss(): number;
  /** RSS after a garbage collection in the proxy process. */
  collected(): Promise<number>;
  /** Runs `work` while sampling RSS; resolves with its result and the peak. */
  peakDuring<T>(work: () => Promise<T>): Promise<{ result: T; peak: number }>;
  stop(): Promise<void>;
}

async function startAbuseServer(limits: Partial<Limits>): Promise<AbuseServer> {
  const script = fileURLToPath(new URL('./abuse-server.ts', import.meta.url));
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', script], {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { ...process.env, ABUSE_LIMITS: JSON.stringify(limits) },
  });
  const lines = createInterface({ input: child.stdout });
  const nextLine = () => new Promise<string>((resolve) => lines.once('line', resolve));
  const url = await nextLine();
  const rss = () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
  return {
    url,
    rss,
    async collected() {
      child.stdin.write('gc\n');
      await nextLine();
      return rss();
    },
    async peakDuring(work) {
      let peak = rss();
      const timer = setInterval(() => (peak = Math.max(peak, rss())), 50);
      try {
        const result = await work();
        return { result, peak: Math.max(peak, rss()) };
      } finally {
        clearInterval(timer);
      }
    },
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

/** One upload of `bytes`, chunked (no Content-Length) or declared; resolves with the status (0: a network error). */
function upload(base: string, bytes: number, chunked: boolean): Promise<number> {
  const chunk = Buffer.alloc(256 * 1024, 0xff);
  return new Promise((resolve) => {
    const req = request(`${base}/api/v1/uploads`, {
      method: 'POST',
      headers: { 'content-type': 'image/jpeg', ...(chunked ? {} : { 'content-length': String(bytes) }) },
    });
    // The answer is all that counts: the rest of the body is not sent.
    req.on('response', (res) => {
      resolve(res.statusCode ?? 0);
      req.destroy();
    });
    req.on('error', () => resolve(0));
    let sent = 0;
    const pump = () => {
      while (sent < bytes) {
        const part = chunk.subarray(0, Math.min(chunk.length, bytes - sent));
        sent += part.length;
        if (!req.write(part)) return void req.once('drain', pump);
      }
      req.end();
    };
    pump();
  });
}

const parallelUploads = (base: string, bytes: number, chunked: boolean) =>
  Promise.all(Array.from({ length: PARALLEL_UPLOADS }, () => upload(base, bytes, chunked)));

const tally = (statuses: number[]) => {
  const counts = new Map<string, number>();
  for (const status of statuses)
    counts.set(status ? String(status) : 'network error', (counts.get(status ? String(status) : 'network error') ?? 0) + 1);
  return [...counts].map(([status, n]) => `${n} × ${status}`).join(', ');
};
const mb = (bytes: number) => (bytes / MB).toFixed(1);
const change = (value: number, base: number) => `${value >= base ? '+' : '−'}${mb(Math.abs(value - base))} MB`;
/** The figure the target applies to, in bold when over it. */
const held = (value: number, base: number) => (value - base <= TARGET_MB * MB ? change(value, base) : `**${change(value, base)}**`);
const generation = { 'content-type': 'application/json' };
const body = JSON.stringify({ image_url: 'https://photos.example.com/room.jpg', style: 'modern' });

// Limits full: every request is a refusal. Warm-up first, so the baseline has the code paths loaded.
const full = await startAbuseServer(FULL);
await autocannon({ url: `${full.url}/api/v1/restyle`, method: 'POST', connections: 10, amount: 2_000, headers: generation, body });
await parallelUploads(full.url, 1 * MB, true);
const baseline = await full.collected();

note(`${REFUSED_REQUESTS} refused generation requests`);
const refused = await full.peakDuring(() =>
  autocannon({ url: `${full.url}/api/v1/restyle`, method: 'POST', connections: 50, amount: REFUSED_REQUESTS, headers: generation, body }),
);
const afterRefused = await full.collected();

note(`${PARALLEL_UPLOADS} parallel 14.7 MB uploads over the upload limit`);
const limited = await full.peakDuring(() => parallelUploads(full.url, Math.round(14.7 * MB), false));
const afterLimited = await full.collected();
await full.stop();

note(`${PARALLEL_UPLOADS} parallel 16 MB chunked uploads over the cap`);
const open = await startAbuseServer(UPLOADS_OPEN);
await parallelUploads(open.url, 1 * MB, true);
const openBaseline = await open.collected();
const overCap = await open.peakDuring(() => parallelUploads(open.url, 16 * MB, true));
const afterOverCap = await open.collected();
await open.stop();

process.stdout.write(`### What a stranger can make the proxy hold

\`pnpm --filter @room-restyler/proxy bench\` (\`bench/abuse.bench.ts\`) — a proxy process with the CLI's defaults (disk uploads, bodies spooled to disk) on loopback, its limits full (${limitsNote(FULL)}; for the last row, its upload limits open: ${limitsNote(UPLOADS_OPEN)}). Resident memory of that process: the baseline after warm-up and a garbage collection, the peak during each phase (sampled every 50 ms; it includes garbage not yet collected), and what the phase leaves held, after a collection. Target: at most ${TARGET_MB} MB held above the baseline.

| Phase | answers | baseline | peak | held (after GC) |
| ----- | ------- | -------: | ---: | -------: |
| ${REFUSED_REQUESTS.toLocaleString('en')} cookie-less generation requests, one IP, 50 connections | ${refused.result.non2xx.toLocaleString('en')} × 429, ${refused.result.errors} errors | ${mb(baseline)} MB | ${change(refused.peak, baseline)} | ${held(afterRefused, baseline)} |
| ${PARALLEL_UPLOADS} parallel 14.7 MB uploads over the upload limit | ${tally(limited.result)} | ${mb(afterRefused)} MB | ${change(limited.peak, afterRefused)} | ${held(afterLimited, afterRefused)} |
| ${PARALLEL_UPLOADS} parallel 16 MB chunked uploads over the 15 MB cap | ${tally(overCap.result)} | ${mb(openBaseline)} MB | ${change(overCap.peak, openBaseline)} | ${held(afterOverCap, openBaseline)} |

Limits are read before a body is (a hit with limit 0 counts nothing), a refused request leaves no store entry behind, and an upload body waits in a file, cut off at its cap. Before these changes, the same 300,000 refusals took a proxy from 91 to 260 MB and 40 refused 14.7 MB uploads from 98 to 543 MB (issue 15).
`);

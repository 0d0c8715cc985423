/**
 * Sessions that are never ended (the SDK client's `close()` and the Inspector send no DELETE):
 * 5,000 of them opened on the HTTP server, then closed as idle. Prints one JSON line with the
 * process's memory (RSS, MB) when idle, with every session open, and after they closed; with
 * `--markdown` (in `pnpm bench`) a section for BENCHMARKS.md instead.
 * Run with `node --expose-gc` (the soak test does); the idle clock is the script's, so nothing waits for time.
 */

import { startHttpServer } from '../src/http/http-server.js';
import { createRoomMcpServer } from '../src/server.js';

const SESSIONS = Number(process.argv[2] ?? 5_000);
const CONCURRENCY = 16;
const IDLE_MS = 60_000;
/** How fetch reports a kept-alive connection the server closed as the request went out. */
const CLOSED_UNDER_US = new Set(['ECONNRESET', 'UND_ERR_SOCKET']);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');

let now = 0;
const server = await startHttpServer({
  port: 0,
  sessions: { idleMs: IDLE_MS, max: SESSIONS + 10, maxPerCaller: SESSIONS + 10 },
  now: () => now,
  createServer: () => createRoomMcpServer({ apiKey: 'soak-key', baseUrl: 'http://127.0.0.1:9' }),
});

const initialize = async (): Promise<void> => {
  const response = await fetch(server.url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'soak', version: '1' } },
    }),
  }).catch((error: unknown) => {
    // A kept-alive connection the server closed just as it was reused (a busy machine): open another.
    if (CLOSED_UNDER_US.has((error as { cause?: { code?: string } }).cause?.code ?? '')) return undefined;
    throw error;
  });
  if (!response) return initialize();
  await response.text();
  if (response.status !== 200) throw new Error(`initialize answered ${response.status}`);
};
const open = async (count: number) => {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next++ < count) await initialize();
    }),
  );
};
const sessions = async () => ((await (await fetch(new URL('/healthz', server.url))).json()) as { sessions: number }).sessions;
/** Closes every idle session: the clock moves past the idle time, and a new session sweeps them. */
const expire = async () => {
  now += IDLE_MS;
  await initialize();
  while ((await sessions()) > 1) await new Promise((resolve) => setImmediate(resolve));
};
const mb = (bytes: number) => Math.round(bytes / 1e5) / 10;
/**
 * After full collections: the process's RSS (what an operator sees; how much of it the allocator has given back yet
 * depends on its background threads, so on how busy the machine is) and what the server's objects still hold (the
 * heap and the memory outside it that objects own: exact right after a collection).
 */
const memory = async () => {
  for (let i = 0; i < 3; i++) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const { rss, heapUsed, external } = process.memoryUsage();
  return { rss: mb(rss), held: mb(heapUsed + external) };
};

// Warm every code path once, so the idle figure is the server's, not first-use allocations.
await open(200);
await expire();
const idle = await memory();
await open(SESSIONS);
const open_ = await sessions();
const peak = await memory();
await expire();
const after = await memory();
await server.close();
const figures = {
  sessions: open_ - 1,
  ...{ idle: idle.rss, peak: peak.rss, after: after.rss },
  held: { idle: idle.held, peak: peak.held, after: after.held },
};
process.stdout.write(process.argv.includes('--markdown') ? markdown(figures) : `${JSON.stringify(figures)}\n`);

function markdown({ sessions: count, idle: base, peak: top, after: back, held }: typeof figures): string {
  const row = (what: string, rss: number, objects: number) => `| ${what} | ${rss} MB | ${(rss / base).toFixed(2)}× | ${objects} MB |`;
  return [
    '',
    `### HTTP sessions never ended (${count} opened without DELETE, then closed as idle)`,
    '',
    '| State | Server process RSS | RSS ratio to idle | Held by its objects (heap + external) |',
    '| --- | --- | --- | --- |',
    row('idle (after a warm-up)', base, held.idle),
    row(`${count} sessions open`, top, held.peak),
    row('after they closed as idle (target: within 50 MB of idle)', back, held.after),
    '',
  ].join('\n');
}

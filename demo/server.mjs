// `pnpm start`: builds the listing page for production (Vite), then serves it with <room-restyler>'s
// key proxy at /room-api on the same origin and the simulator standing in for the hosted service.
// Prints one line on stdout: the URL.
//   PORT=5173 (taken: any free port)  HOST=127.0.0.1  ROOM_SIM_LATENCY=3000-6000 (ms)  ROOM_PROXY_LOG=1
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRoomProxy, silentLogger } from '@room-restyler/proxy';
import { createNodeUploads, elementWidget, toNodeHandler } from '@room-restyler/proxy/node';
import { startSimulator } from '@room-restyler/simulator';
import { build } from 'vite';
import { listen } from './server/listen.mjs';
import { staticFiles } from './server/static-files.mjs';
import { createTries } from './server/tries.mjs';

const root = fileURLToPath(new URL('.', import.meta.url));
const port = Number(process.env.PORT ?? 5173);
const host = process.env.HOST ?? '127.0.0.1';
const [min = 3000, max = min] = (process.env.ROOM_SIM_LATENCY ?? '3000-6000').split('-').map(Number);
if (!(min >= 0 && max >= min)) throw new Error('ROOM_SIM_LATENCY must look like MIN-MAX in milliseconds, e.g. 3000-6000');

/** A newcomer may try freely: 50 generations per visitor per hour (the proxy's default is 5). */
const TRIES = { limit: 50, windowMs: 60 * 60 * 1000 };

// Built into a directory of its own and held in memory, so two demos starting at once never share files.
const outDir = await mkdtemp(join(tmpdir(), 'room-restyler-demo-'));
await build({
  root,
  configFile: fileURLToPath(new URL('vite.config.mjs', import.meta.url)),
  logLevel: 'warn',
  build: { outDir, emptyOutDir: true },
});
const site = await staticFiles(outDir);
await rm(outDir, { recursive: true, force: true });

// The simulator fetches photos from this server's own uploads (on the loopback address the proxy
// accepted the visitor on), and from no other private host.
let siteOrigins = new Set();
const simulator = await startSimulator({
  port: 0,
  latencyMs: { min, max },
  accounts: [{ apiKey: 'sim_test_key', credits: 1_000_000 }],
  imageFetch: { allowPrivate: (origin) => siteOrigins.has(origin) },
});
const tries = createTries(TRIES);
// The simulator's key lives here, on the server; the page only ever talks to /room-api.
const proxy = createRoomProxy({
  apiKey: process.env.ROOM_API_KEY ?? 'sim_test_key',
  baseUrl: simulator.url,
  prefix: '/room-api',
  uploads: createNodeUploads(),
  // The element this page embeds: its style cards' previews come from /room-api/room-restyler/previews/.
  widget: elementWidget(createRequire(import.meta.url).resolve),
  // Every local visitor shares one IP: the per-IP limit is the per-visitor one times a classroom.
  limits: { perVisitor: TRIES.limit, perIp: TRIES.limit * 20, windowMs: TRIES.windowMs, dailyCredits: Infinity },
  authorize: tries.authorize,
  log: process.env.ROOM_PROXY_LOG ? undefined : silentLogger,
});
const proxyHandler = toNodeHandler(proxy);

const server = createServer((req, res) => {
  if (req.url?.startsWith('/room-api/')) return proxyHandler(req, res);
  if (req.url === '/demo/tries') return tries.handle(req, res);
  if (site(req, res)) return;
  res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
  res.end('Not found');
});
const bound = await listen(server, port, host);
siteOrigins = new Set(
  [`http://${host}:${bound}`, `http://localhost:${bound}`, `http://127.0.0.1:${bound}`, `http://[::1]:${bound}`].map(
    (url) => new URL(url).origin,
  ),
);
console.log(`demo listening on http://${host}:${bound}/`);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    server.closeAllConnections?.();
    server.close();
    await Promise.allSettled([simulator.close(), proxy.close()]);
    process.exit(0);
  });
}

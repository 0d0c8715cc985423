// `pnpm start`: the listing page with <room-restyler>, the key proxy mounted at /room-api on the
// same origin, and the simulator standing in for the hosted service. Prints one line: the URL.
//   PORT=5173  HOST=127.0.0.1  ROOM_SIM_LATENCY=3000-6000 (ms)  DEMO_MODE=dev|build
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { createRoomProxy, silentLogger } from '@room-restyler/proxy';
import { createNodeUploads, toNodeHandler } from '@room-restyler/proxy/node';
import { startSimulator } from '@room-restyler/simulator';
import { createServer as createVite } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const port = Number(process.env.PORT ?? 5173);
const host = process.env.HOST ?? '127.0.0.1';
const [min = 3000, max = min] = (process.env.ROOM_SIM_LATENCY ?? '3000-6000').split('-').map(Number);
if (!(min >= 0 && max >= min)) throw new Error('ROOM_SIM_LATENCY must look like MIN-MAX in milliseconds, e.g. 3000-6000');

const simulator = await startSimulator({ port: 0, latencyMs: { min, max } });
// The simulator's key lives here, on the server; the page only ever talks to /room-api.
const proxy = createRoomProxy({
  apiKey: process.env.ROOM_API_KEY ?? 'sim_test_key',
  baseUrl: simulator.url,
  prefix: '/room-api',
  uploads: createNodeUploads(),
  log: process.env.ROOM_PROXY_LOG ? undefined : silentLogger,
});
const proxyHandler = toNodeHandler(proxy);
const vite = await createVite({ root, configFile: false, logLevel: 'warn', server: { middlewareMode: true, hmr: false }, appType: 'mpa' });

const server = createServer((req, res) => {
  if (req.url?.startsWith('/room-api/')) return proxyHandler(req, res);
  if (req.url === '/') req.url = '/index.html';
  vite.middlewares(req, res, () => {
    res.statusCode = 404;
    res.end('Not found');
  });
});
await new Promise((resolve) => server.listen(port, host, resolve));
const address = server.address();
console.log(`demo listening on http://${host}:${typeof address === 'object' && address ? address.port : port}/`);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    server.closeAllConnections?.();
    server.close();
    await Promise.allSettled([vite.close(), simulator.close()]);
    process.exit(0);
  });
}

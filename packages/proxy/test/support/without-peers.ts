/**
 * Run with sharp and ioredis hidden (see run-node.ts): what a site without them gets from the
 * Node and Redis entry points, printed as one JSON line.
 */
import { startProxyServer } from '../../src/node/index.js';
import { createRedisStore } from '../../src/node/redis/index.js';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const base = { apiKey: 'bs_live_without_peers', baseUrl: 'http://127.0.0.1:9', port: 0, log: () => {} };

const server = await startProxyServer({ ...base, uploads: false });
const health = (await fetch(`${server.url}/healthz`)).status;
await server.close();
const uploads = await startProxyServer(base).then((started) => started.close().then(() => 'started'), messageOf);
const redis = await createRedisStore({ url: 'redis://127.0.0.1:9', log: () => {} }).then(
  (store) => store.close().then(() => 'connected'),
  messageOf,
);
process.stdout.write(`${JSON.stringify({ health, uploads, redis })}\n`);

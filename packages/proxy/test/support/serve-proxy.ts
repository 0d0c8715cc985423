/**
 * A proxy in a process of its own (run through run-node.ts), for tests where the client and the
 * server must not share an event loop (the server answers and closes while the client is still
 * sending, as across a network), or where the proxy process is killed. Prints its URL as the first
 * line; stops on SIGTERM. Set through the environment: PROXY_BASE_URL (the service; default
 * nowhere), PROXY_REDIS_URL (default: the memory store), PROXY_UPSTREAM_TIMEOUT_MS, PROXY_SECRET.
 */
import { TEST_API_KEY } from '@room-restyler/test-kit';
import { createSharpImageProcessor, startProxyServer } from '../../src/node/index.js';
import { createRedisStore } from '../../src/node/redis/index.js';
import { createMemoryUploadStore } from './memory-upload-store.js';
import { SERVE_PROXY_SECRET } from './serve-proxy-secret.js';

const env = process.env;
const store = env.PROXY_REDIS_URL
  ? await createRedisStore({ url: env.PROXY_REDIS_URL, keyPrefix: 'serve-proxy:', log: () => {} })
  : undefined;
const server = await startProxyServer({
  apiKey: TEST_API_KEY,
  baseUrl: env.PROXY_BASE_URL ?? 'http://127.0.0.1:9',
  secret: env.PROXY_SECRET ?? SERVE_PROXY_SECRET,
  port: 0,
  store,
  upstreamTimeoutMs: env.PROXY_UPSTREAM_TIMEOUT_MS ? Number(env.PROXY_UPSTREAM_TIMEOUT_MS) : undefined,
  uploads: { store: createMemoryUploadStore(), processor: createSharpImageProcessor() },
  log: () => {},
});
process.stdout.write(`${server.url}\n`);
process.once(
  'SIGTERM',
  () =>
    void server
      .close()
      .then(() => store?.close())
      .then(() => process.exit(0)),
);

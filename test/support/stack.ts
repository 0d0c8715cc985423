/**
 * The whole server side on loopback: the simulator, the key proxy in front of it (or several instances
 * of it sharing a real redis-server, as a site's instances behind a load balancer do), and a static
 * server for room photos the simulator fetches. Every suite in test/ starts one of these.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger, ProxyStore } from '@room-restyler/proxy';
import { type ProxyServer, type ProxyServerOptions, startProxyServer } from '@room-restyler/proxy/node';
import { createRedisStore } from '@room-restyler/proxy/redis';
import { type RunningSimulator, type SimulatorOptions, sampleRoom, startSimulator } from '@room-restyler/simulator';
import { type RunningRedis, startRedisServer } from '@room-restyler/test-kit';

export const TEST_KEY = 'bs_live_e2eTESTkey0123456789abcdefABCD';

export interface Stack {
  sim: RunningSimulator;
  /** The first instance of `proxies`. */
  proxy: ProxyServer;
  proxies: ProxyServer[];
  /** A room photo the simulator can fetch. */
  photoUrl: string;
  /** Every log line of the proxy (as JSON) and the simulator, to check that none holds the key. */
  logs: string[];
  close(): Promise<void>;
}

export async function startStack(
  options: { simulator?: SimulatorOptions; proxy?: Partial<ProxyServerOptions>; instances?: number } = {},
): Promise<Stack> {
  const logs: string[] = [];
  const sim = await startSimulator({
    latencyMs: { min: 20, max: 60 },
    accounts: [{ apiKey: TEST_KEY, credits: 100_000 }],
    log: (line) => logs.push(line),
    // Photos and uploads are served on loopback here, which the simulator (like the service) fetches only when allowed.
    imageFetch: { allowPrivate: true },
    ...options.simulator,
  });
  const log: Logger = (entry) => logs.push(JSON.stringify(entry));
  const instances = options.instances ?? 1;
  const redis: RunningRedis | undefined = instances > 1 ? await startRedisServer() : undefined;
  const stores: ProxyStore[] = [];
  const proxies: ProxyServer[] = [];
  for (let i = 0; i < instances; i += 1) {
    // Each instance its own connection, as separate processes would have.
    const store = redis && (await createRedisStore({ url: redis.url, log }));
    if (store) stores.push(store);
    proxies.push(
      await startProxyServer({
        port: 0,
        apiKey: TEST_KEY,
        baseUrl: sim.url,
        secret: 'test-secret-0123456789abcdef',
        log,
        allowPrivateImageUrls: true,
        ...(store ? { store } : {}),
        ...options.proxy,
      }),
    );
  }
  const photos = await servePhoto(await sampleRoom({ width: 800, height: 600 }));
  return {
    sim,
    proxy: proxies[0] as ProxyServer,
    proxies,
    photoUrl: `${photos.url}/room.jpg`,
    logs,
    async close() {
      await Promise.all(proxies.map((proxy) => proxy.close()));
      await Promise.all(stores.map((store) => store.close()));
      await redis?.stop();
      await sim.close();
      await photos.close();
    },
  };
}

async function servePhoto(jpeg: Buffer) {
  const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

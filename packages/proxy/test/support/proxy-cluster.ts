/**
 * Several proxy instances as a load balancer would run them: real Node servers on loopback, one
 * secret, one redis-server (started here), one simulator with short jobs. Every instance polls on a
 * fast schedule so a job's upstream polls are countable within a test.
 */

import { fixedPollSchedule } from '@room-restyler/core';
import { type RunningSimulator, startSimulator } from '@room-restyler/simulator';
import { guardedLog, type RunningRedis, startRedisServer, TEST_API_KEY } from '@room-restyler/test-kit';
import { type ProxyServer, type ProxyServerOptions, startProxyServer } from '../../src/node/index.js';
import { createRedisStore } from '../../src/node/redis/store.js';
import type { ProxyStore } from '../../src/state/store.js';
import { createMemoryStore } from '../../src/state/store.js';
import { Visitor, visitorCookie } from './harness.js';

export const CLUSTER_SECRET = 'cluster-secret-0123456789abcdef';
/** Every simulated job takes exactly this long, so runs are comparable. */
export const JOB_MS = 1_200;
export const POLL_EVERY_MS = 100;
/** A poll every POLL_EVERY_MS from the job's start. */
export const FAST_SCHEDULE = fixedPollSchedule(POLL_EVERY_MS, JOB_MS);
/** Simulator stats routes. */
export const PREDICTION_ROUTE = 'GET /api/v1/prediction/{request_id}';
export const RESTYLE_ROUTE = 'POST /api/v1/restyle';

export interface Instance {
  url: string;
  server: ProxyServer;
  store: ProxyStore;
  logs: string[];
  /** A browser on this instance carrying `cookie` (the same visitor on every instance). */
  visitor(cookie: string): Visitor;
  close(): Promise<void>;
}

export interface Cluster {
  sim: RunningSimulator;
  redis: RunningRedis;
  /** A room photo the simulator can fetch. */
  photoUrl: string;
  /** Starts one more instance on the shared Redis (or, with `memory`, a lone instance with its own state). */
  start(options?: { memory?: boolean; proxy?: Partial<ProxyServerOptions> }): Promise<Instance>;
  /** Upstream requests so far on `route` (simulator stats). */
  upstream(route: string): number;
  newVisitor(): Promise<string>;
  close(): Promise<void>;
}

/** `jobMs`: how long the simulator's jobs run (a test that must find them still running makes it long). */
export async function startCluster({ jobMs = JOB_MS }: { jobMs?: number } = {}): Promise<Cluster> {
  const redis = await startRedisServer();
  const sim = await startSimulator({ accounts: [{ apiKey: TEST_API_KEY, credits: 100_000 }], latencyMs: { min: jobMs, max: jobMs } });
  const keyPrefix = `cluster:${crypto.randomUUID()}:`;
  const running = new Set<Instance>();

  return {
    sim,
    redis,
    photoUrl: `${sim.url}/__simulator/samples/empty-room.jpg`,
    async start(options = {}) {
      const store = options.memory ? createMemoryStore() : await createRedisStore({ url: redis.url, keyPrefix, log: () => {} });
      const { log, lines } = guardedLog();
      const server = await startProxyServer({
        apiKey: TEST_API_KEY,
        baseUrl: sim.url,
        secret: CLUSTER_SECRET,
        port: 0,
        uploads: false,
        store,
        log,
        // The photo is the simulator's own sample, on loopback.
        allowPrivateImageUrls: true,
        ...options.proxy,
        // Job options given are added to the fast schedule, not put in its place.
        jobs: { schedule: FAST_SCHEDULE, ...options.proxy?.jobs },
      });
      const instance: Instance = {
        url: server.url,
        server,
        store,
        logs: lines,
        visitor: (cookie) => new Visitor(server.url, { cookie }),
        async close() {
          running.delete(instance);
          await server.close();
          await store.close();
        },
      };
      running.add(instance);
      return instance;
    },
    upstream: (route) => sim.stats().requests[route] ?? 0,
    newVisitor: () => visitorCookie(CLUSTER_SECRET),
    async close() {
      await Promise.all([...running].map((instance) => instance.close()));
      await sim.close();
      await redis.stop();
    },
  };
}

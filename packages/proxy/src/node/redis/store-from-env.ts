/**
 * The store the environment asks for: Redis when `ROOM_PROXY_REDIS_URL` is set (shared by every
 * instance behind a load balancer), otherwise undefined so the proxy keeps its in-memory default.
 * Node only; the caller closes the store after the server. The Redis client (ioredis) is loaded only
 * when asked for, so a single-instance proxy starts without it.
 */
import type { Logger } from '../../log.js';
import type { ProxyStore } from '../../state/store.js';
import { createRedisStore } from './store.js';

export interface StoreEnv {
  /** `redis://[user:password@]host[:port][/db]` or `rediss://…`. */
  ROOM_PROXY_REDIS_URL?: string | undefined;
  /** Key and channel prefix, for several proxies sharing one Redis. Default `room-proxy:`. */
  ROOM_PROXY_REDIS_PREFIX?: string | undefined;
}

/** Rejects with a message starting `ROOM_PROXY_REDIS_URL:` on a bad URL or an unreachable server; the password is never repeated. */
export async function storeFromEnv(env: StoreEnv, options: { log?: Logger | undefined } = {}): Promise<ProxyStore | undefined> {
  const url = env.ROOM_PROXY_REDIS_URL?.trim();
  if (!url) return undefined;
  try {
    return await createRedisStore({ url, keyPrefix: env.ROOM_PROXY_REDIS_PREFIX?.trim() || undefined, log: options.log });
  } catch (error) {
    throw new Error(`ROOM_PROXY_REDIS_URL: ${(error as Error).message}`, { cause: error });
  }
}

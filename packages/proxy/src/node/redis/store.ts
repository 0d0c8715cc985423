/**
 * The Redis `ProxyStore`: compound operations are Lua scripts (atomic on the server); pub/sub has a
 * second connection, as a subscribed one can run nothing else. Expiry follows Redis's clock.
 */
import type { Redis } from 'ioredis';
import { jsonLinesLogger, type Logger } from '../../log.js';
import type { HitResult, ProxyStore, Unsubscribe } from '../../state/store.js';
import { importPeer } from '../optional-peer.js';

export interface RedisStoreOptions {
  /** `redis://[user:password@]host[:port][/db]`, or `rediss://` for TLS. */
  url: string;
  /** Put before every key and channel, so several sites or environments can share one Redis. Default `room-proxy:`. */
  keyPrefix?: string | undefined;
  /** Connecting (at start and on reconnects) gives up after this. Default 5 s. */
  connectTimeoutMs?: number | undefined;
  /** A command that gets no answer within this fails (the request gets a 503) instead of hanging. Default 5 s. */
  commandTimeoutMs?: number | undefined;
  /** Connection problems and recoveries. Default: JSON lines on stdout. */
  log?: Logger | undefined;
  /** Turns Redis's "ms left" into `HitResult.resetAt`. Default `Date.now`. */
  now?: (() => number) | undefined;
}

/** `SCRIPTS` as ioredis defines them on the connection. */
interface ScriptCommands {
  hit(key: string, windowMs: number, limit: number): Promise<[allowed: number, count: number, msLeft: number]>;
  release(key: string): Promise<unknown>;
  claim(key: string, value: string, ttlMs: number): Promise<string | null>;
  replace(key: string, expected: string, value: string, ttlMs: number): Promise<number>;
}

/** Connects (both connections) before resolving; rejects with a message naming the server, never its password. */
export async function createRedisStore(options: string | RedisStoreOptions): Promise<ProxyStore> {
  const {
    url: rawUrl,
    keyPrefix = 'room-proxy:',
    connectTimeoutMs = 5_000,
    commandTimeoutMs = 5_000,
    log = jsonLinesLogger,
    now = Date.now,
  } = typeof options === 'string' ? { url: options } : options;
  const url = parseRedisUrl(rawUrl);
  const where = describeRedisUrl(url);
  const { Redis: RedisClient } = await importPeer('ioredis', 'the Redis store', () => import('ioredis'));
  const client = new RedisClient(url.href, {
    lazyConnect: true,
    connectTimeout: connectTimeoutMs,
    commandTimeout: commandTimeoutMs,
    // While Redis is away a call fails at once (503, nothing spent) instead of waiting in a queue.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    // Reconnect within a second of Redis coming back (ioredis backs off to 2 s by default).
    retryStrategy: (attempt: number) => Math.min(attempt * 100, 1_000),
    connectionName: 'room-restyler-proxy',
  });
  const subscriber = client.duplicate();
  for (const [name, lua] of Object.entries(SCRIPTS)) client.defineCommand(name, { numberOfKeys: 1, lua });
  const scripts = client as unknown as ScriptCommands;
  try {
    await Promise.all([connectRedis(client, where, log), connectRedis(subscriber, where, log)]);
  } catch (error) {
    client.disconnect();
    subscriber.disconnect();
    throw new Error(`Redis at ${where} is unreachable: ${(error as Error).message}`, { cause: error });
  }

  const key = (name: string) => `${keyPrefix}${name}`;
  // The listeners of each subscribed channel, by unprefixed name (only prefixed channels are subscribed).
  const channels = new Map<string, Set<(message: string) => void>>();
  subscriber.on('message', (fullName: string, message: string) => {
    for (const listener of [...(channels.get(fullName.slice(keyPrefix.length)) ?? [])]) listener(message);
  });

  return {
    async hit(name, windowMs, limit): Promise<HitResult> {
      const [allowed, count, msLeft] = await scripts.hit(key(name), px(windowMs), Math.min(limit, Number.MAX_SAFE_INTEGER));
      return { allowed: allowed === 1, count, resetAt: now() + msLeft };
    },
    async release(name) {
      await scripts.release(key(name));
    },
    async claim(name, value, ttlMs) {
      return (await scripts.claim(key(name), value, px(ttlMs))) ?? undefined;
    },
    async renew(name, value, ttlMs) {
      // Setting the value it holds again is extending it.
      return (await scripts.replace(key(name), value, value, px(ttlMs))) === 1;
    },
    async replace(name, expected, value, ttlMs) {
      return (await scripts.replace(key(name), expected, value, px(ttlMs))) === 1;
    },
    async get(name) {
      return (await client.get(key(name))) ?? undefined;
    },
    async set(name, value, ttlMs) {
      await client.set(key(name), value, 'PX', px(ttlMs));
    },
    async delete(name) {
      await client.del(key(name));
    },
    async publish(name, message) {
      await client.publish(key(name), message);
    },
    async subscribe(name, listener): Promise<Unsubscribe> {
      const listeners = channels.get(name) ?? new Set();
      channels.set(name, listeners.add(listener));
      // True when it was the channel's last listener.
      const leave = () => {
        if (!listeners.delete(listener) || listeners.size > 0 || channels.get(name) !== listeners) return false;
        channels.delete(name);
        return true;
      };
      try {
        // Resolves once Redis confirmed: messages published after that are delivered.
        await subscriber.subscribe(key(name));
      } catch (error) {
        leave();
        throw error;
      }
      return async () => {
        // Commands on one connection run in order, so a SUBSCRIBE sent after this one still wins.
        if (leave()) await subscriber.unsubscribe(key(name));
      };
    },
    async close() {
      channels.clear();
      await Promise.all([quit(client), quit(subscriber)]);
    },
  };
}

/** Redis wants whole milliseconds ≥ 1; an infinite lifetime would be a leak, so it is refused. */
function px(ttlMs: number): number {
  if (!Number.isFinite(ttlMs)) throw new RangeError(`Redis store: a lifetime must be a finite number of milliseconds, got ${ttlMs}`);
  return Math.max(1, Math.ceil(ttlMs));
}

/**
 * Connects, rejecting with the reason (ioredis rejects with "Connection is closed" and tells why in an
 * error event); once connected, logs the first error of an outage and the recovery, not every reconnect attempt.
 */
async function connectRedis(connection: Redis, where: string, log: Logger): Promise<void> {
  let reason: Error | undefined;
  let connected = false;
  let failing = false;
  connection.on('ready', () => {
    if (failing) log({ level: 'info', msg: 'redis connection restored', redis: where });
    failing = false;
    connected = true;
  });
  connection.on('error', (error: Error) => {
    if (!connected) reason = error;
    else if (!failing) {
      failing = true;
      log({ level: 'error', msg: 'redis connection failed; retrying', redis: where, error: error.message });
    }
  });
  await connection.connect().catch((error: unknown) => {
    throw reason ?? error;
  });
}

/** A connection already gone is only dropped. */
async function quit(connection: Redis): Promise<void> {
  if (connection.status !== 'end') await connection.quit().catch(() => connection.disconnect());
}

/** The parsed URL; a RangeError that never repeats the value (it may hold a password) otherwise. */
function parseRedisUrl(value: string): URL {
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (!url || (url.protocol !== 'redis:' && url.protocol !== 'rediss:') || url.hostname === '') {
    throw new RangeError('The Redis URL must look like redis://[user:password@]host[:port][/db] (or rediss:// for TLS)');
  }
  const db = url.pathname.replace(/^\//, '');
  if (db !== '' && !/^\d+$/.test(db)) throw new RangeError('The Redis URL path must be a database number, e.g. redis://host:6379/0');
  return url;
}

/** `redis://host:port/db`, credentials left out. */
export function describeRedisUrl(url: URL): string {
  return `${url.protocol}//${url.host}${url.pathname === '/' ? '' : url.pathname}`;
}

export interface StoreEnv {
  /** `redis://[user:password@]host[:port][/db]` or `rediss://…`. */
  ROOM_PROXY_REDIS_URL?: string | undefined;
  /** Key and channel prefix, for several proxies sharing one Redis. Default `room-proxy:`. */
  ROOM_PROXY_REDIS_PREFIX?: string | undefined;
}

/** Redis when `ROOM_PROXY_REDIS_URL` is set, else undefined (the memory default); rejects naming the variable, never the password. */
export async function storeFromEnv(env: StoreEnv, options: { log?: Logger | undefined } = {}): Promise<ProxyStore | undefined> {
  const url = env.ROOM_PROXY_REDIS_URL?.trim();
  if (!url) return undefined;
  try {
    return await createRedisStore({ url, keyPrefix: env.ROOM_PROXY_REDIS_PREFIX?.trim() || undefined, log: options.log });
  } catch (error) {
    throw new Error(`ROOM_PROXY_REDIS_URL: ${(error as Error).message}`, { cause: error });
  }
}

/** One key each; atomic, so concurrent proxies never both take a limit's last slot or both win a claim. */
const SCRIPTS = {
  /** Fixed window (ARGV: window ms, limit) → { allowed, count, ms left }; expiry set only when it opens (a `release` keeps its end). */
  hit: `
local current = redis.call('GET', KEYS[1])
local window = tonumber(ARGV[1])
local count = tonumber(current or '0')
if count >= tonumber(ARGV[2]) then
  local ttl = redis.call('PTTL', KEYS[1])
  if ttl < 0 then ttl = window end
  return {0, count, ttl}
end
count = redis.call('INCR', KEYS[1])
if not current or redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], window) end
return {1, count, redis.call('PTTL', KEYS[1])}
`,
  /** Gives back one hit, never going below zero and never creating the key; a window back at zero is deleted. */
  release: `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 1 then redis.call('DECR', KEYS[1]) else redis.call('DEL', KEYS[1]) end
return 0
`,
  /** Set-if-absent that also answers with the value already there. ARGV: value, ttl ms. */
  claim: `
local existing = redis.call('GET', KEYS[1])
if existing then return existing end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return false
`,
  /** Compare-and-set. ARGV: expected value, new value, ttl ms. */
  replace: `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
return 1
`,
} as const;

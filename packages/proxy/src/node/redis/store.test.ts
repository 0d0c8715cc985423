/** What only the Redis store has: connecting, prefixes, expiries on the server, sharing between stores, closing. */
import { type RunningRedis, startRedisServer, waitFor } from '@room-restyler/test-kit';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LogEntry } from '../../log.js';
import type { ProxyStore } from '../../state/store.js';
import { createRedisStore } from './store.js';

let redis: RunningRedis;
let raw: Redis;
const opened: ProxyStore[] = [];

beforeAll(async () => {
  redis = await startRedisServer();
  raw = new Redis(redis.url);
});
afterAll(async () => {
  await raw?.quit();
  await redis?.stop();
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((store) => store.close()));
});

async function open(keyPrefix = `t:${crypto.randomUUID()}:`, log: (entry: LogEntry) => void = () => {}): Promise<ProxyStore> {
  const store = await createRedisStore({ url: redis.url, keyPrefix, log });
  opened.push(store);
  return store;
}

/** Connections the store opened, as the server lists them. */
async function storeConnections(): Promise<number> {
  const list = (await raw.client('LIST')) as string;
  return list.split('\n').filter((line) => line.includes('name=room-restyler-proxy')).length;
}

describe('Redis store', () => {
  it('refuses a URL that is not redis:// without repeating it (it may hold a password)', async () => {
    for (const url of ['http://user:hunter2@example.com:6379', 'not a url hunter2', 'redis://:hunter2@host/notanumber']) {
      const error = await createRedisStore(url).then(
        () => undefined,
        (e: unknown) => e as Error,
      );
      expect(error).toBeInstanceOf(RangeError);
      expect(error?.message).toMatch(/redis:\/\//);
      expect(error?.message).not.toContain('hunter2');
    }
  });

  it('rejects at once, naming the server but not the password, when Redis is unreachable', async () => {
    const closed = await startRedisServer();
    await closed.stop();
    const error = await createRedisStore(`redis://:hunter2@127.0.0.1:${closed.port}/0`).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(error?.message).toContain(`Redis at redis://127.0.0.1:${closed.port}/0 is unreachable`);
    expect(error?.message).toContain('ECONNREFUSED');
    expect(error?.message).not.toContain('hunter2');
  });

  it('keeps every key and channel under its prefix, so proxies with other prefixes share nothing', async () => {
    const a = await open('site-a:');
    const b = await open('site-b:');
    await a.set('idem:v:1', 'a-value', 60_000);
    await a.hit('limit:gen:visitor:v', 60_000, 1);
    expect(await b.get('idem:v:1')).toBeUndefined();
    expect((await b.hit('limit:gen:visitor:v', 60_000, 1)).allowed).toBe(true);
    expect((await raw.keys('site-a:*')).sort()).toEqual(['site-a:idem:v:1', 'site-a:limit:gen:visitor:v']);

    const heardByB: string[] = [];
    const heardByA: string[] = [];
    await b.subscribe('job:1', (m) => heardByB.push(m));
    await a.subscribe('job:1', (m) => heardByA.push(m));
    await a.publish('job:1', 'for a');
    await waitFor(() => heardByA.length === 1, 'the message on site-a');
    expect(heardByB).toEqual([]);
  });

  it('puts an expiry on every key it writes', async () => {
    const store = await open('exp:');
    await store.hit('window', 60_000, 5);
    await store.hit('window', 60_000, 5);
    await store.claim('lease', 'me', 30_000);
    await store.set('state', '{}', 3_600_000);
    const ttl = async (key: string) => raw.pttl(`exp:${key}`);
    expect(await ttl('window')).toBeGreaterThan(59_000);
    expect(await ttl('window')).toBeLessThanOrEqual(60_000);
    expect(await ttl('lease')).toBeGreaterThan(29_000);
    expect(await ttl('state')).toBeGreaterThan(3_599_000);
    await store.renew('lease', 'me', 90_000);
    expect(await ttl('lease')).toBeGreaterThan(89_000);
    await expect(store.set('forever', 'x', Number.POSITIVE_INFINITY)).rejects.toThrow(/finite/);
  });

  it('shares state and messages between two stores on the same Redis (two proxy instances)', async () => {
    const prefix = `shared:${crypto.randomUUID()}:`;
    const a = await open(prefix);
    const b = await open(prefix);
    await a.hit('limit', 60_000, 2);
    expect(await b.hit('limit', 60_000, 2)).toMatchObject({ allowed: true, count: 2 });
    expect((await a.hit('limit', 60_000, 2)).allowed).toBe(false);
    expect(await a.claim('lease', 'instance-a', 60_000)).toBeUndefined();
    expect(await b.claim('lease', 'instance-b', 60_000)).toBe('instance-a');

    const heard: string[] = [];
    await b.subscribe('job:1', (m) => heard.push(m));
    await a.publish('job:1', 'snapshot');
    await waitFor(() => heard.length === 1, 'the message published by the other store');
    expect(heard).toEqual(['snapshot']);
  });

  it('keeps everything when a store is closed and another one opens (a restart)', async () => {
    const prefix = `restart:${crypto.randomUUID()}:`;
    const before = await open(prefix);
    await before.set('idem:v:k', 'ack', 60_000);
    await before.hit('limit', 60_000, 1);
    await before.close();
    const after = await open(prefix);
    expect(await after.get('idem:v:k')).toBe('ack');
    expect((await after.hit('limit', 60_000, 1)).allowed).toBe(false);
  });

  it('closes both of its connections; later calls fail instead of hanging', async () => {
    await expect.poll(storeConnections).toBe(0);
    const store = await createRedisStore({ url: redis.url, log: () => {} });
    await store.subscribe('job:1', () => {});
    expect(await storeConnections()).toBe(2);
    await store.close();
    await expect.poll(storeConnections).toBe(0);
    await expect(store.get('k')).rejects.toThrow();
  });

  it('fails requests during an outage, logs it once per connection and recovers when Redis is back', async () => {
    let own = await startRedisServer();
    const entries: LogEntry[] = [];
    const store = await createRedisStore({ url: own.url, log: (entry) => entries.push(entry) });
    try {
      const heard: string[] = [];
      await store.subscribe('job:1', (m) => heard.push(m));
      await own.stop();
      await expect(store.get('k')).rejects.toThrow();
      await waitFor(() => entries.filter((e) => e.msg === 'redis connection failed; retrying').length === 2, 'the outage to be logged');
      own = await startRedisServer({ port: own.port });
      await waitFor(() => entries.filter((e) => e.msg === 'redis connection restored').length === 2, 'both connections to come back');
      await store.set('k', 'v', 60_000);
      expect(await store.get('k')).toBe('v');
      // The subscription is restored too.
      await store.publish('job:1', 'after the outage');
      await waitFor(() => heard.length === 1, 'a message after the outage');
      expect(entries.filter((e) => e.level === 'error')).toHaveLength(2);
    } finally {
      await store.close();
      await own.stop();
    }
  });
});

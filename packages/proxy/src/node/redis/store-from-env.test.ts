/** `ROOM_PROXY_REDIS_URL`: unset keeps the memory default; set gives a working Redis store or a clear startup error. */

import { type RunningRedis, startRedisServer } from '@room-restyler/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeFromEnv } from './store.js';

let redis: RunningRedis;
beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(() => redis?.stop());

describe('storeFromEnv', () => {
  it('leaves the choice to the proxy (memory) when ROOM_PROXY_REDIS_URL is unset or blank', async () => {
    expect(await storeFromEnv({})).toBeUndefined();
    expect(await storeFromEnv({ ROOM_PROXY_REDIS_URL: '  ' })).toBeUndefined();
  });

  it('connects to the Redis it names, under ROOM_PROXY_REDIS_PREFIX', async () => {
    const store = await storeFromEnv({ ROOM_PROXY_REDIS_URL: redis.url, ROOM_PROXY_REDIS_PREFIX: 'env-test:' }, { log: () => {} });
    const same = await storeFromEnv({ ROOM_PROXY_REDIS_URL: `${redis.url}/0`, ROOM_PROXY_REDIS_PREFIX: 'env-test:' }, { log: () => {} });
    const other = await storeFromEnv({ ROOM_PROXY_REDIS_URL: redis.url }, { log: () => {} });
    try {
      await store?.set('k', 'v', 60_000);
      expect(await same?.get('k')).toBe('v');
      expect(await other?.get('k')).toBeUndefined();
    } finally {
      await Promise.all([store?.close(), same?.close(), other?.close()]);
    }
  });

  it('stops startup with a message naming the variable on a bad URL, without echoing it', async () => {
    await expect(storeFromEnv({ ROOM_PROXY_REDIS_URL: 'localhost:6379' })).rejects.toThrow(
      /^ROOM_PROXY_REDIS_URL: The Redis URL must look like redis:\/\//,
    );
    const error = await storeFromEnv({ ROOM_PROXY_REDIS_URL: 'https://user:s3cret@cache.example' }).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(error?.message).toMatch(/^ROOM_PROXY_REDIS_URL: /);
    expect(error?.message).not.toContain('s3cret');
  });

  it('stops startup with a message naming the variable and the server when Redis is unreachable', async () => {
    const gone = await startRedisServer();
    await gone.stop();
    await expect(storeFromEnv({ ROOM_PROXY_REDIS_URL: `redis://user:s3cret@127.0.0.1:${gone.port}` })).rejects.toThrow(
      new RegExp(`^ROOM_PROXY_REDIS_URL: Redis at redis://127\\.0\\.0\\.1:${gone.port} is unreachable: .*ECONNREFUSED`),
    );
  });
});

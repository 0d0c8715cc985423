/** `redis`: with ROOM_PROXY_REDIS_URL, connect and PING (the password never printed); without, the memory store. */
import { type Check, fail, ok } from '@room-restyler/core/cli';
import { importPeer } from '../node/optional-peer.js';
import { describeRedisUrl, parseRedisUrl } from '../node/redis/url.js';

export function redisCheck(value: string | undefined): Check {
  return {
    label: 'redis',
    async run(signal) {
      if (!value) return ok('not set (ROOM_PROXY_REDIS_URL): memory store, one instance only');
      let url: URL;
      try {
        url = parseRedisUrl(value);
      } catch (error) {
        return fail(`ROOM_PROXY_REDIS_URL: ${(error as Error).message}`);
      }
      const where = describeRedisUrl(url);
      const { Redis } = await importPeer('ioredis', 'the Redis store', () => import('ioredis'));
      // One attempt, no reconnects: the check says what is, it does not wait for Redis to come. A short
      // disconnectTimeout: ioredis's 2 s fallback timer would otherwise hold the process after the answer.
      const client = new Redis(url.href, {
        lazyConnect: true,
        enableOfflineQueue: false,
        maxRetriesPerRequest: 0,
        retryStrategy: () => null,
        disconnectTimeout: 100,
      });
      // ioredis rejects the connect with "Connection is closed"; the reason came in an error event.
      let reason: Error | undefined;
      client.on('error', (error: Error) => (reason ??= error));
      signal.addEventListener('abort', () => client.disconnect());
      try {
        await client.connect();
        return ok(`${where} answers PING: ${await client.ping()}`);
      } catch (error) {
        return fail(`${where} unreachable (${(reason ?? (error as Error)).message})`, 'start Redis or fix ROOM_PROXY_REDIS_URL');
      } finally {
        client.disconnect();
      }
    },
  };
}

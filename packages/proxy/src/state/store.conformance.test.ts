/**
 * One contract, two stores: every case runs against the in-memory store (time moved by a manual
 * clock) and the Redis store (a real redis-server; time passes for real, with short lifetimes).
 */
import { ManualClock, type RunningRedis, startRedisServer, waitFor } from '@room-restyler/test-kit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createRedisStore } from '../node/redis/store.js';
import type { ProxyStore } from './store.js';
import { createMemoryStore } from './store.js';

/** Lifetimes in the cases: short, so the Redis run waits little. */
const T = 150;

interface Fixture {
  store: ProxyStore;
  now(): number;
  /** Lets `ms` pass for the store's expiry. */
  elapse(ms: number): Promise<void>;
}

let redis: RunningRedis;
beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(() => redis?.stop());

const fixtures: Record<string, () => Promise<Fixture>> = {
  memory: async () => {
    const clock = new ManualClock();
    return { store: createMemoryStore({ now: () => clock.now() }), now: () => clock.now(), elapse: (ms) => clock.advance(ms) };
  },
  redis: async () => ({
    // A fresh prefix per case keeps cases apart on the one server.
    store: await createRedisStore({ url: redis.url, keyPrefix: `conformance:${crypto.randomUUID()}:`, log: () => {} }),
    now: Date.now,
    // Redis expires keys on its own clock: let the time really pass (plus a margin for timer rounding).
    elapse: (ms) => new Promise((resolve) => setTimeout(resolve, ms + 25)),
  }),
};

describe.each(Object.keys(fixtures))('ProxyStore contract: %s', (name) => {
  let f: Fixture;
  const open = async () => {
    f = await (fixtures[name] as () => Promise<Fixture>)();
    return f.store;
  };
  afterEach(() => f?.store.close());

  describe('hit', () => {
    it('counts up to the limit, then refuses without counting', async () => {
      const store = await open();
      const before = f.now();
      const results = [];
      for (let i = 0; i < 4; i += 1) results.push(await store.hit('k', 60_000, 3));
      expect(results.map((r) => [r.allowed, r.count])).toEqual([
        [true, 1],
        [true, 2],
        [true, 3],
        [false, 3],
      ]);
      for (const r of results) {
        expect(r.resetAt).toBeGreaterThan(before);
        expect(r.resetAt).toBeLessThanOrEqual(f.now() + 60_000);
      }
    });

    it('opens a new window once the old one ends; refused hits did not extend it', async () => {
      const store = await open();
      await store.hit('k', T, 1);
      expect((await store.hit('k', T, 1)).allowed).toBe(false);
      await f.elapse(T);
      expect(await store.hit('k', T, 1)).toMatchObject({ allowed: true, count: 1 });
    });

    it('reads the window without counting or creating anything with a limit of 0', async () => {
      const store = await open();
      expect(await store.hit('k', 60_000, 0)).toMatchObject({ allowed: false, count: 0 });
      expect(await store.get('k')).toBeUndefined();
      const first = await store.hit('k', 60_000, 5);
      const read = await store.hit('k', 60_000, 0);
      expect(read).toMatchObject({ allowed: false, count: 1 });
      expect(Math.abs(read.resetAt - first.resetAt)).toBeLessThan(1_000);
      expect(await store.hit('k', 60_000, 5)).toMatchObject({ count: 2 });
    });

    it('refuses everything with a limit of 0', async () => {
      const store = await open();
      const result = await store.hit('k', 60_000, 0);
      expect(result).toMatchObject({ allowed: false, count: 0 });
      expect(result.resetAt).toBeGreaterThan(f.now());
    });

    it('keeps keys apart', async () => {
      const store = await open();
      await store.hit('a', 60_000, 1);
      expect((await store.hit('b', 60_000, 1)).allowed).toBe(true);
    });

    it('allows exactly the limit under 50 concurrent hits', async () => {
      const store = await open();
      const results = await Promise.all(Array.from({ length: 50 }, () => store.hit('k', 60_000, 5)));
      expect(results.filter((r) => r.allowed)).toHaveLength(5);
      expect(
        results
          .filter((r) => r.allowed)
          .map((r) => r.count)
          .sort(),
      ).toEqual([1, 2, 3, 4, 5]);
      expect(results.filter((r) => !r.allowed).every((r) => r.count === 5)).toBe(true);
    });
  });

  describe('release', () => {
    it('gives one hit back within the same window', async () => {
      const store = await open();
      const first = await store.hit('k', 60_000, 2);
      await store.hit('k', 60_000, 2);
      await store.release('k');
      const again = await store.hit('k', 60_000, 2);
      expect(again).toMatchObject({ allowed: true, count: 2 });
      // Same window: giving a hit back does not restart it.
      expect(Math.abs(again.resetAt - first.resetAt)).toBeLessThan(1_000);
    });

    it('leaves nothing behind when the last hit is given back (a refused request costs no memory)', async () => {
      const store = await open();
      await store.hit('k', 60_000, 1);
      await store.release('k');
      expect(await store.get('k')).toBeUndefined();
      expect(await store.hit('k', 60_000, 1)).toMatchObject({ allowed: true, count: 1 });
    });

    it('never goes below zero and never opens a window', async () => {
      const store = await open();
      await store.release('missing');
      await store.hit('k', 60_000, 2);
      await store.release('k');
      await store.release('k');
      expect((await store.hit('k', 60_000, 2)).count).toBe(1);
      expect((await store.hit('missing', 60_000, 1)).count).toBe(1);
    });
  });

  describe('claim and renew', () => {
    it('claims once; later claims see the holder until the lifetime ends', async () => {
      const store = await open();
      expect(await store.claim('lease', 'a', T)).toBeUndefined();
      expect(await store.claim('lease', 'b', T)).toBe('a');
      await f.elapse(T);
      expect(await store.claim('lease', 'b', T)).toBeUndefined();
      expect(await store.get('lease')).toBe('b');
    });

    it('lets exactly one of 20 concurrent claimers win', async () => {
      const store = await open();
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => store.claim('lease', `c${i}`, 60_000)));
      const winners = results.flatMap((r, i) => (r === undefined ? [`c${i}`] : []));
      expect(winners).toHaveLength(1);
      expect(results.filter((r) => r !== undefined).every((r) => r === winners[0])).toBe(true);
    });

    it('renews only for the holder, and a renewed lease outlives its first lifetime', async () => {
      const store = await open();
      await store.claim('lease', 'a', T);
      expect(await store.renew('lease', 'b', 60_000)).toBe(false);
      expect(await store.renew('lease', 'a', 60_000)).toBe(true);
      await f.elapse(T);
      expect(await store.get('lease')).toBe('a');
      expect(await store.renew('missing', 'a', 60_000)).toBe(false);
      expect(await store.get('missing')).toBeUndefined();
    });
  });

  describe('replace', () => {
    it('writes only over the expected value, with the new lifetime', async () => {
      const store = await open();
      expect(await store.replace('k', 'a', 'b', 60_000)).toBe(false);
      expect(await store.get('k')).toBeUndefined();
      await store.set('k', 'a', T);
      expect(await store.replace('k', 'x', 'b', 60_000)).toBe(false);
      expect(await store.replace('k', 'a', 'b', 60_000)).toBe(true);
      await f.elapse(T);
      expect(await store.get('k')).toBe('b');
    });

    it('lets exactly one of 20 concurrent writers over the same value win', async () => {
      const store = await open();
      await store.set('k', 'start', 60_000);
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => store.replace('k', 'start', `w${i}`, 60_000)));
      const winner = results.indexOf(true);
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await store.get('k')).toBe(`w${winner}`);
    });
  });

  describe('get, set, delete', () => {
    it('stores a value for its lifetime, replaces it and deletes it', async () => {
      const store = await open();
      expect(await store.get('k')).toBeUndefined();
      await store.set('k', 'one', 60_000);
      await store.set('k', 'two', 60_000);
      expect(await store.get('k')).toBe('two');
      await store.delete('k');
      expect(await store.get('k')).toBeUndefined();
      await store.delete('k');
    });

    it('forgets a value when its lifetime ends', async () => {
      const store = await open();
      await store.set('short', 'x', T);
      await store.set('long', 'y', 60_000);
      await f.elapse(T);
      expect(await store.get('short')).toBeUndefined();
      expect(await store.get('long')).toBe('y');
    });

    it('keeps unicode and JSON intact', async () => {
      const store = await open();
      const value = JSON.stringify({ status: 'succeeded', output: ['https://x/é.png'], note: 'ünïcødé ✓' });
      await store.set('k', value, 60_000);
      expect(await store.get('k')).toBe(value);
    });
  });

  describe('publish and subscribe', () => {
    it('delivers to every listener of the channel, in order, and only to them', async () => {
      const store = await open();
      const first: string[] = [];
      const second: string[] = [];
      const other: string[] = [];
      await store.subscribe('job:1', (m) => first.push(m));
      await store.subscribe('job:1', (m) => second.push(m));
      await store.subscribe('job:2', (m) => other.push(m));
      await store.publish('job:1', 'a');
      await store.publish('job:1', 'b');
      await store.publish('job:2', 'c');
      await waitFor(() => first.length === 2 && second.length === 2 && other.length === 1, 'the messages');
      expect(first).toEqual(['a', 'b']);
      expect(second).toEqual(['a', 'b']);
      expect(other).toEqual(['c']);
    });

    it('stops delivering to a listener that unsubscribed; the others still hear', async () => {
      const store = await open();
      const gone: string[] = [];
      const staying: string[] = [];
      const unsubscribe = await store.subscribe('job:1', (m) => gone.push(m));
      await store.subscribe('job:1', (m) => staying.push(m));
      await unsubscribe();
      await unsubscribe();
      await store.publish('job:1', 'a');
      // Both listeners are fed from the same delivery, so once one has it the other never will.
      await waitFor(() => staying.length === 1, 'the remaining listener');
      expect(gone).toEqual([]);
    });

    it('can subscribe again to a channel after its last listener left', async () => {
      const store = await open();
      const unsubscribe = await store.subscribe('job:1', () => {});
      await unsubscribe();
      const heard: string[] = [];
      await store.subscribe('job:1', (m) => heard.push(m));
      await store.publish('job:1', 'back');
      await waitFor(() => heard.length === 1, 'the message after resubscribing');
    });

    it('accepts a publish nobody listens to', async () => {
      const store = await open();
      await expect(store.publish('nobody', 'x')).resolves.toBeUndefined();
    });
  });
});

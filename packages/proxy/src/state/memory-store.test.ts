import { ManualClock } from '@room-restyler/test-kit';
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from './store.js';

describe('memory store', () => {
  it('counts at most `limit` hits of many concurrent callers, and refused hits are not counted', async () => {
    const store = createMemoryStore();
    const results = await Promise.all(Array.from({ length: 10 }, () => store.hit('k', 60_000, 5)));
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
    expect(results.at(-1)).toMatchObject({ allowed: false, count: 5 });
    await store.release('k');
    expect((await store.hit('k', 60_000, 5)).allowed).toBe(true);
  });

  it('expires windows, claims and leases by the injected clock', async () => {
    const clock = new ManualClock();
    const store = createMemoryStore({ now: () => clock.now() });
    await store.hit('w', 1_000, 1);
    expect((await store.hit('w', 1_000, 1)).allowed).toBe(false);
    expect(await store.claim('c', 'first', 1_000)).toBeUndefined();
    expect(await store.claim('c', 'second', 1_000)).toBe('first');
    expect(await store.renew('c', 'second', 5_000)).toBe(false);
    await clock.advance(1_000);
    expect((await store.hit('w', 1_000, 1)).allowed).toBe(true);
    expect(await store.claim('c', 'second', 1_000)).toBeUndefined();
  });

  it('delivers published messages to subscribers until they unsubscribe', async () => {
    const store = createMemoryStore();
    const got: string[] = [];
    const unsubscribe = await store.subscribe('ch', (m) => got.push(m));
    await store.publish('ch', 'a');
    await unsubscribe();
    await store.publish('ch', 'b');
    expect(got).toEqual(['a']);
  });
});

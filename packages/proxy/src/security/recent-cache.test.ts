import { describe, expect, it } from 'vitest';
import { RecentCache } from './keys.js';

describe('RecentCache', () => {
  it('stays within its bound and keeps the entries still in use', () => {
    const cache = new RecentCache<string, number>(4);
    cache.set('polled', 1);
    cache.set('idle', 2);
    for (let i = 0; i < 100; i++) {
      cache.set(`new-${i}`, i);
      expect(cache.get('polled')).toBe(1);
      expect(cache.size).toBeLessThanOrEqual(4);
    }
    expect(cache.get('idle')).toBeUndefined();
  });

  it('replaces a value in place, whichever generation holds it', () => {
    const cache = new RecentCache<string, number>(4);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3); // a and b are now the older generation
    cache.set('a', 10);
    cache.set('c', 30);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([10, 2, 30]);
    expect(cache.size).toBe(3);
  });
});

import { describe, expect, it } from 'vitest';
import { AdaptiveLimit } from './adaptive-limit.js';

describe('AdaptiveLimit', () => {
  it('starts at its cap, halves on each 429, never below one', () => {
    const limit = new AdaptiveLimit(8);
    expect(limit.limit).toBe(8);
    limit.rateLimited();
    expect(limit.limit).toBe(4);
    for (let i = 0; i < 5; i++) limit.rateLimited();
    expect(limit.limit).toBe(1);
  });

  it('creeps back up by about one per window of successes, never above its cap', () => {
    const limit = new AdaptiveLimit(4);
    limit.rateLimited();
    expect(limit.limit).toBe(2);
    limit.succeeded();
    expect(limit.limit).toBe(2);
    limit.succeeded();
    expect(limit.limit).toBe(2);
    limit.succeeded();
    expect(limit.limit).toBe(3);
    for (let i = 0; i < 50; i++) limit.succeeded();
    expect(limit.limit).toBe(4);
  });

  it('refuses a cap that is not a positive integer', () => {
    expect(() => new AdaptiveLimit(0)).toThrow(RangeError);
    expect(() => new AdaptiveLimit(2.5)).toThrow(RangeError);
  });
});

import { describe, expect, it } from 'vitest';
import { AdaptiveLimit } from './adaptive-limit.js';

describe('AdaptiveLimit', () => {
  it('starts at its cap; a 429 sets it to the items in flight beside the refused one, never below one', () => {
    const limit = new AdaptiveLimit(8);
    expect(limit.limit).toBe(8);
    limit.rateLimited(7);
    expect(limit.limit).toBe(7);
    limit.rateLimited(3);
    expect(limit.limit).toBe(3);
    limit.rateLimited(0);
    expect(limit.limit).toBe(1);
    // A later refusal with more in flight: the service holds that many.
    limit.rateLimited(5);
    expect(limit.limit).toBe(5);
    limit.rateLimited(20);
    expect(limit.limit).toBe(8);
  });

  it('creeps back up by about one per window of successes, never above its cap', () => {
    const limit = new AdaptiveLimit(4);
    limit.rateLimited(2);
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

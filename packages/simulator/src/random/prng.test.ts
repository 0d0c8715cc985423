import { describe, expect, it } from 'vitest';
import { between, createRng, hash32 } from './prng.js';

describe('createRng', () => {
  it('replays the same sequence for the same seed and a different one for another seed', () => {
    const draw = (seed: number) => Array.from({ length: 5 }, createRng(seed));
    expect(draw(42)).toEqual(draw(42));
    expect(draw(42)).not.toEqual(draw(43));
  });

  it('stays in [0, 1) and is roughly uniform', () => {
    const rng = createRng(7);
    const values = Array.from({ length: 10_000 }, rng);
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...values)).toBeLessThan(1);
    const belowHalf = values.filter((v) => v < 0.5).length / values.length;
    expect(belowHalf).toBeGreaterThan(0.47);
    expect(belowHalf).toBeLessThan(0.53);
  });
});

describe('hash32 and between', () => {
  it('separates parts so ("ab","c") and ("a","bc") differ', () => {
    expect(hash32('ab', 'c')).not.toBe(hash32('a', 'bc'));
    expect(hash32('japandi', 1)).toBe(hash32('japandi', 1));
  });

  it('draws within the bounds', () => {
    const rng = createRng(1);
    for (let i = 0; i < 100; i++) {
      const v = between(rng, 10, 30);
      expect(v).toBeGreaterThanOrEqual(10);
      expect(v).toBeLessThanOrEqual(30);
    }
  });
});

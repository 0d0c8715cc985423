import { describe, expect, it } from 'vitest';
import { type Fault, FaultInjector } from './faults.js';

function tally(rates: { errorRate: number; rateLimitRate: number; resetRate: number }, seed: number, n = 20_000) {
  const injector = new FaultInjector({ seed, ...rates });
  const counts: Record<Fault, number> = { none: 0, 'server-error': 0, 'rate-limit': 0, 'reset-before': 0, 'reset-after': 0 };
  for (let i = 0; i < n; i++) counts[injector.draw()]++;
  return counts;
}

describe('FaultInjector', () => {
  it('injects each fault at roughly its configured rate', () => {
    const counts = tally({ errorRate: 0.1, rateLimitRate: 0.2, resetRate: 0.05 }, 1);
    expect(counts['server-error'] / 20_000).toBeCloseTo(0.1, 1);
    expect(counts['rate-limit'] / 20_000).toBeCloseTo(0.2, 1);
    expect((counts['reset-before'] + counts['reset-after']) / 20_000).toBeCloseTo(0.05, 1);
    expect(counts['reset-after']).toBeGreaterThan(counts['reset-before'] * 0.7);
    expect(counts['reset-after']).toBeLessThan(counts['reset-before'] * 1.3);
  });

  it('replays the same faults for the same seed and injects none at rate 0', () => {
    const rates = { errorRate: 0.3, rateLimitRate: 0.3, resetRate: 0.3 };
    const sequence = (seed: number) => {
      const injector = new FaultInjector({ seed, ...rates });
      return Array.from({ length: 50 }, () => injector.draw());
    };
    expect(sequence(5)).toEqual(sequence(5));
    expect(sequence(5)).not.toEqual(sequence(6));
    expect(tally({ errorRate: 0, rateLimitRate: 0, resetRate: 0 }, 3, 1000).none).toBe(1000);
  });
});

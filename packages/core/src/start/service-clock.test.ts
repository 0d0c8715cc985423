import { describe, expect, it } from 'vitest';
import { CLOCK_SKEW_MS, granularityOf, offsetBounds } from './service-clock.js';

describe('offsetBounds', () => {
  it('narrows the offset to what every acknowledged job agrees on', () => {
    const samples = [
      { createdAt: 1_050, sent: 1_000, answered: 1_100 },
      { createdAt: 2_080, sent: 2_040, answered: 2_090 },
    ];
    // From the first: -50..50; from the second: -10..40.
    expect(offsetBounds(samples, 1)).toEqual({ min: -10, max: 41 });
  });

  it('widens to the worst case with no samples, or with samples that contradict each other (a clock was set)', () => {
    const full = { min: -CLOCK_SKEW_MS, max: CLOCK_SKEW_MS };
    expect(offsetBounds([], 1)).toEqual(full);
    expect(
      offsetBounds(
        [
          { createdAt: 1_000, sent: 900, answered: 950 },
          { createdAt: 2_000, sent: 2_100, answered: 2_200 },
        ],
        1,
      ),
    ).toEqual(full);
  });

  it('allows for created_at cut to whole seconds', () => {
    expect(granularityOf([Date.UTC(2025, 0, 1, 10, 29, 40), Date.UTC(2025, 0, 1, 10, 30, 0)])).toBe(1_000);
    expect(granularityOf([Date.UTC(2025, 0, 1, 10, 29, 40, 123)])).toBe(1);
    // Created at 10:29:40.xyz, listed as 10:29:40, sent at .500 and answered at .900.
    const at = Date.UTC(2025, 0, 1, 10, 29, 40);
    expect(offsetBounds([{ createdAt: at, sent: at + 500, answered: at + 900 }], 1_000)).toEqual({ min: -900, max: 500 });
  });
});

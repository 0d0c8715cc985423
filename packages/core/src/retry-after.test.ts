import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from './retry-after.js';

const NOW = Date.UTC(2026, 10, 21, 10, 0, 0);

describe('parseRetryAfter', () => {
  it.each([
    ['120', 120_000],
    [' 3 ', 3_000],
    ['1.5', 1_500],
    ['1.25', 1_250],
    ['0', 0],
    [new Date(NOW + 7_000).toUTCString(), 7_000],
    // A date already past means "now", never a negative wait.
    [new Date(NOW - 60_000).toUTCString(), 0],
  ])('%j is %i ms', (value, ms) => {
    expect(parseRetryAfter(value, NOW)).toBe(ms);
  });

  it.each([null, undefined, '', '  ', 'soon', 'x5', '5x', '5 s'])('%j is no wait at all', (value) => {
    expect(parseRetryAfter(value, NOW)).toBeUndefined();
  });
});

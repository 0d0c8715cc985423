import { describe, expect, it } from 'vitest';
import { type AttemptOutcome, DEFAULT_RETRY, retryDelayMs, withRetry } from './retry-policy.js';

const options = { ...DEFAULT_RETRY, random: () => 1 };
const answer = (status: number, headers: Record<string, string> = {}): AttemptOutcome => ({
  response: new Response(null, { status, headers }),
});
const refused: AttemptOutcome = { connectionError: new TypeError('fetch failed') };

describe('retryDelayMs', () => {
  it.each(['GET', 'HEAD', 'OPTIONS', 'get'])('retries a %s on 5xx, 408, 425, 429 and a failed connection', (method) => {
    for (const outcome of [answer(500), answer(503), answer(408), answer(425), answer(429), refused])
      expect(retryDelayMs(method, outcome, 0, options, 0)).toBe(500);
  });

  it.each([400, 401, 402, 404, 409, 422])('does not retry a GET on %i', (status) => {
    expect(retryDelayMs('GET', answer(status), 0, options, 0)).toBeUndefined();
  });

  it('resends a POST only when it was refused with 429, never after it may have arrived', () => {
    expect(retryDelayMs('POST', answer(429), 0, options, 0)).toBe(500);
    for (const outcome of [answer(500), answer(503), answer(408), refused])
      expect(retryDelayMs('POST', outcome, 0, options, 0)).toBeUndefined();
  });

  it('resends a POST the key proxy refused for want of its visitor cookie (428) at once, one time only', () => {
    expect(retryDelayMs('POST', answer(428), 0, options, 0)).toBe(0);
    expect(retryDelayMs('POST', answer(428), 1, options, 0)).toBeUndefined();
    expect(retryDelayMs('POST', answer(428), 0, { ...options, maxRetries: 0 }, 0)).toBeUndefined();
  });

  it('backs off exponentially up to the ceiling, and stops after maxRetries', () => {
    expect([0, 1, 2, 3, 4, 5].map((retry) => retryDelayMs('GET', answer(503), retry, { ...options, maxRetries: 6 }, 0))).toEqual([
      500, 1_000, 2_000, 4_000, 8_000, 8_000,
    ]);
    expect(retryDelayMs('GET', answer(503), 3, options, 0)).toBeUndefined();
  });

  it('takes the service’s Retry-After up to the cap, itself included', () => {
    const capped = { ...options, maxRetryAfterMs: 5_000 };
    expect(retryDelayMs('GET', answer(429, { 'retry-after': '5' }), 0, capped, 0)).toBe(5_000);
    expect(retryDelayMs('GET', answer(429, { 'retry-after': '6' }), 0, capped, 0)).toBeUndefined();
  });
});

describe('withRetry', () => {
  it('lays options over the defaults, and false means no retry', () => {
    expect(withRetry(DEFAULT_RETRY, { maxRetries: 1 })).toEqual({ ...DEFAULT_RETRY, maxRetries: 1 });
    expect(withRetry(DEFAULT_RETRY, false)).toEqual({ ...DEFAULT_RETRY, maxRetries: 0 });
    expect(withRetry(DEFAULT_RETRY, undefined)).toEqual(DEFAULT_RETRY);
  });
});

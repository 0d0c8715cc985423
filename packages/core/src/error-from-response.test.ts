/** How every error answer becomes the typed error a caller reads: class, message, fields — and never the key. */
import { describe, expect, it } from 'vitest';
import {
  briefWording,
  type ErrorContext,
  errorFromResponse as errorFromResponseIn,
  formatWait,
  redact,
  redactValue,
  requestIdFrom,
  serviceWording,
} from './error-from-response.js';
import {
  BadRequestError,
  InsufficientCreditsError,
  InvalidApiKeyError,
  NotFoundError,
  RateLimitedError,
  type RoomApiError,
  ServerError,
} from './errors.js';

const KEY = 'bs_live_0123456789abcdef';

/** As the service's client words it. */
const errorFromResponse = (status: number, body: unknown, context?: Omit<ErrorContext, 'wording'>) =>
  errorFromResponseIn(status, body, { ...context, wording: serviceWording });

describe('errorFromResponse', () => {
  it.each([
    [400, { error: 'image_url is required' }, BadRequestError, 'The request was refused: image_url is required'],
    [409, {}, BadRequestError, 'The request was refused (HTTP 409)'],
    [413, {}, BadRequestError, 'The request was refused (HTTP 413)'],
    [415, {}, BadRequestError, 'The request was refused (HTTP 415)'],
    [422, {}, BadRequestError, 'The request was refused (HTTP 422)'],
    [
      401,
      { error: 'Invalid API key' },
      InvalidApiKeyError,
      'The service rejected the API key: Invalid API key. Check the key configured on the server (ROOM_API_KEY).',
    ],
    [403, {}, InvalidApiKeyError, 'The service rejected the API key. Check the key configured on the server (ROOM_API_KEY).'],
    [402, { error: 'Insufficient credits' }, InsufficientCreditsError, 'Out of credits. Each image costs 1 credit; credits reset monthly.'],
    [404, { error: 'Prediction not found' }, NotFoundError, 'Not found: Prediction not found'],
    [429, { error: 'Too many requests' }, RateLimitedError, 'Too many requests: Too many requests.'],
    [500, { error: 'Internal server error' }, ServerError, 'The service failed (HTTP 500): Internal server error'],
    [418, null, ServerError, 'The service failed (HTTP 418)'],
  ])('HTTP %i %j', (status, body, type, message) => {
    const error = errorFromResponse(status, body);
    expect(error).toBeInstanceOf(type);
    expect(error.message).toBe(message);
    expect(error.status).toBe(status);
  });

  it.each([
    [{ error: 'Insufficient credits', credits_remaining: 0 }, 0, 'Out of credits (0 credits remaining).'],
    [{ error: 'Insufficient credits', credits_remaining: 1 }, 1, 'Out of credits (1 credit remaining).'],
    [{ error: 'Insufficient credits', credits_remaining: 3 }, 3, 'Out of credits (3 credits remaining).'],
    [{ error: 'Insufficient credits', credits_remaining: '3' }, undefined, 'Out of credits.'],
  ])('402 %j: creditsRemaining %s, "%s"', (body, creditsRemaining, start) => {
    const error = errorFromResponse(402, body) as InsufficientCreditsError;
    expect(error.creditsRemaining).toBe(creditsRemaining);
    expect(error.message.startsWith(start)).toBe(true);
  });

  it.each([
    ['a Retry-After in seconds', { 'retry-after': '3' }, {}, 3_000, 'Try again in 3 s.'],
    ['an HTTP-date Retry-After, from now', { 'retry-after': new Date(120_000).toUTCString() }, {}, 120_000, 'Try again in 2 min.'],
    ['the proxy’s retry_after_seconds', {}, { retry_after_seconds: 150 }, 150_000, 'Try again in 3 min.'],
    ['a negative retry_after_seconds, as now', {}, { retry_after_seconds: -5 }, 0, 'Try again in 0 s.'],
    ['the header over the body', { 'retry-after': '2' }, { retry_after_seconds: 150 }, 2_000, 'Try again in 2 s.'],
  ])('429 with %s', (_what, headers, body, retryAfterMs, wait) => {
    const error = errorFromResponse(429, { error: 'slow down', ...body }, { headers: new Headers(headers), now: 0 }) as RateLimitedError;
    expect(error.retryAfterMs).toBe(retryAfterMs);
    expect(error.message).toBe(`Too many requests: slow down. ${wait}`);
  });

  it('429 without a time to wait says none, and names the proxy’s limit', () => {
    const error = errorFromResponse(429, { error: 'Daily budget spent', code: 'daily_budget' }) as RateLimitedError;
    expect(error.retryAfterMs).toBeUndefined();
    expect(error.limit).toBe('daily_budget');
    expect(error.message).toBe('Too many requests: Daily budget spent.');
  });

  it.each([
    [{ error: 'style must be at most 64 characters' }, 'style'],
    [{ error: 'room_type must be a string' }, 'room_type'],
    [{ error: 'mode must be one of staging, restyle, empty-room' }, 'mode'],
    [{ error: 'unknown field colour' }, undefined],
    [{ error: 'the styles are wrong' }, undefined],
    [{ error: 'refused', field: 'room_type' }, 'room_type'],
  ])('a bad request %j concerns the field %s', (body, field) => {
    expect((errorFromResponse(400, body) as BadRequestError).field).toBe(field);
  });

  it.each([
    ['short plain text, trimmed', '  upstream timeout \n', ': upstream timeout'],
    ['text of 200 characters', 'x'.repeat(200), `: ${'x'.repeat(200)}`],
    ['text of 201 characters (a page, not a reason)', 'x'.repeat(201), ''],
    ['an HTML page', '\n  <html><body>Bad gateway</body></html>', ''],
    ['JSON without an error field', { message: 'nope' }, ''],
    ['a non-string error field', { error: 42 }, ''],
  ])('takes the reason from %s', (_what, body, reason) => {
    expect(errorFromResponse(503, body).message).toBe(`The service failed (HTTP 503)${reason}`);
  });

  it('keeps the response headers and the request id they carry', () => {
    const headers = new Headers({ 'request-id': 'req_9' });
    const error: RoomApiError = errorFromResponse(401, { error: 'Invalid API key' }, { headers });
    expect(error.headers).toBe(headers);
    expect(error.requestId).toBe('req_9');
  });

  it.each([
    [402, { error: 'Insufficient credits', credits_remaining: 0 }, InsufficientCreditsError, 'HTTP 402: Insufficient credits'],
    [429, { error: 'slow down', retry_after_seconds: 5 }, RateLimitedError, 'HTTP 429: slow down'],
    [409, {}, BadRequestError, 'HTTP 409'],
  ])(
    'worded briefly (the proxy client’s wording), HTTP %i %j keeps its type and says its status and reason',
    (status, body, type, message) => {
      const error = errorFromResponseIn(status, body, { wording: briefWording });
      expect(error).toBeInstanceOf(type);
      expect(error.message).toBe(message);
    },
  );
});

describe('requestIdFrom', () => {
  it('reads x-request-id, else request-id, else nothing', () => {
    expect(requestIdFrom(new Headers({ 'x-request-id': 'a', 'request-id': 'b' }))).toBe('a');
    expect(requestIdFrom(new Headers({ 'request-id': 'b' }))).toBe('b');
    expect(requestIdFrom(new Headers())).toBeUndefined();
    expect(requestIdFrom(undefined)).toBeUndefined();
  });
});

describe('redact', () => {
  it('replaces every occurrence of every secret, and ignores an empty one', () => {
    expect(redact(`${KEY} and ${KEY}, other`, ['', KEY, 'other'])).toBe('[redacted] and [redacted], [redacted]');
    expect(redact('nothing here', [''])).toBe('nothing here');
  });
});

describe('redactValue', () => {
  it('gives back the very same value when it holds no secret (a log entry is not copied)', () => {
    const entry = { method: 'GET', attempt: 1, nested: { url: 'https://x.test' }, list: ['a'], none: null, gone: undefined };
    expect(redactValue(entry, [KEY, ''])).toBe(entry);
    expect(redactValue(entry, [])).toBe(entry);
  });

  it.each([
    ['a string', `Bearer ${KEY}`, 'Bearer [redacted]'],
    ['a field', { authorization: `Bearer ${KEY}` }, { authorization: 'Bearer [redacted]' }],
    ['a field name', { [KEY]: 1 }, { '[redacted]': 1 }],
    ['a nested field', { headers: { authorization: KEY } }, { headers: { authorization: '[redacted]' } }],
    ['a list', [{ key: KEY }], [{ key: '[redacted]' }]],
  ])('redacts a secret in %s', (_what, value, redacted) => {
    expect(redactValue(value, ['other-secret', KEY])).toEqual(redacted);
  });
});

describe('formatWait', () => {
  it.each([
    [1, '1 s'],
    [89_000, '89 s'],
    [89_001, '2 min'],
    [90_000, '2 min'],
    [89 * 60_000, '89 min'],
    [90 * 60_000, '2 h'],
    [3 * 3_600_000 + 1, '4 h'],
  ])('%i ms reads "%s"', (ms, text) => {
    expect(formatWait(ms)).toBe(text);
  });
});

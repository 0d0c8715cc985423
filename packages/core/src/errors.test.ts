import { describe, expect, it } from 'vitest';
import {
  AbortError,
  BadRequestError,
  ConnectionError,
  GenerationFailedError,
  InsufficientCreditsError,
  InvalidApiKeyError,
  isRoomApiError,
  NotFoundError,
  RateLimitedError,
  RoomApiError,
  ServerError,
  TimeoutError,
} from './errors.js';

describe('error classes', () => {
  // What callers branch on: `err.name` (also in minified bundles) and `err.code` (for UI messages).
  // Each error is made inside its test, as a caller makes it: not while the test file loads.
  it.each([
    ['RoomApiError', 'unknown', () => new RoomApiError('m')],
    ['InvalidApiKeyError', 'invalid_api_key', () => new InvalidApiKeyError('m')],
    ['InsufficientCreditsError', 'insufficient_credits', () => new InsufficientCreditsError('m', {})],
    ['BadRequestError', 'bad_request', () => new BadRequestError('m', {})],
    ['NotFoundError', 'not_found', () => new NotFoundError('m')],
    ['RateLimitedError', 'rate_limited', () => new RateLimitedError('m', {})],
    ['ServerError', 'server_error', () => new ServerError('m')],
    ['ConnectionError', 'connection', () => new ConnectionError('m')],
    ['TimeoutError', 'timeout', () => new TimeoutError('m', { timeoutMs: 1 })],
    ['AbortError', 'aborted', () => new AbortError('m')],
    ['GenerationFailedError', 'generation_failed', () => new GenerationFailedError('m', { predictionStatus: 'failed' })],
  ])('%s has that name and the code %s', (name, code, make) => {
    const error = make();
    expect(error.name).toBe(name);
    expect(error.code).toBe(code);
    expect(String(error)).toBe(`${name}: m`);
    expect(error).toBeInstanceOf(Error);
    expect(isRoomApiError(error)).toBe(true);
  });

  it('carries every field it is given, and a cause only when there is one', () => {
    const headers = new Headers({ 'x-request-id': 'r1' });
    const cause = new Error('socket hang up');
    const error = new RateLimitedError('slow down', {
      status: 429,
      requestId: 'r1',
      headers,
      body: { error: 'x' },
      retryAfterMs: 5,
      cause,
    });
    expect(error).toMatchObject({ status: 429, requestId: 'r1', headers, body: { error: 'x' }, retryAfterMs: 5, cause });
    expect('cause' in new ServerError('no cause', { status: 500 })).toBe(false);
  });

  it('isRoomApiError tells the kit’s errors from any other', () => {
    expect(isRoomApiError(new Error('x'))).toBe(false);
    expect(isRoomApiError({ name: 'AbortError', code: 'aborted' })).toBe(false);
    expect(isRoomApiError(undefined)).toBe(false);
  });
});

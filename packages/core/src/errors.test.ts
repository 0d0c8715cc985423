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
  it.each([
    [new RoomApiError('m'), 'RoomApiError', 'unknown'],
    [new InvalidApiKeyError('m'), 'InvalidApiKeyError', 'invalid_api_key'],
    [new InsufficientCreditsError('m', {}), 'InsufficientCreditsError', 'insufficient_credits'],
    [new BadRequestError('m', {}), 'BadRequestError', 'bad_request'],
    [new NotFoundError('m'), 'NotFoundError', 'not_found'],
    [new RateLimitedError('m', {}), 'RateLimitedError', 'rate_limited'],
    [new ServerError('m'), 'ServerError', 'server_error'],
    [new ConnectionError('m'), 'ConnectionError', 'connection'],
    [new TimeoutError('m', { timeoutMs: 1 }), 'TimeoutError', 'timeout'],
    [new AbortError('m'), 'AbortError', 'aborted'],
    [new GenerationFailedError('m', { predictionStatus: 'failed' }), 'GenerationFailedError', 'generation_failed'],
  ])('%s is named %s with code %s', (error, name, code) => {
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

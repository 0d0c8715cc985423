import { describe, expect, it } from 'vitest';
import { validateRequestBody, validateResponse } from './contract.js';

const prediction = '/api/v1/prediction/pred_abc';

describe('validateResponse', () => {
  it('accepts documented responses', () => {
    expect(
      validateResponse({
        method: 'GET',
        path: '/api/v1/me',
        status: 200,
        body: { user_id: '0b6f5d8e-3f0a-4c3e-9d1e-2a7b9c4d5e6f', email: 'a@example.com', subscription: 'pro', credits_remaining: 3 },
      }),
    ).toEqual([]);
    expect(
      validateResponse({
        method: 'POST',
        path: '/api/v1/restyle',
        status: 402,
        body: { error: 'Insufficient credits', credits_remaining: 0 },
      }),
    ).toEqual([]);
    expect(
      validateResponse({
        method: 'GET',
        path: `${prediction}?x=1`,
        status: 200,
        body: { id: 'p', status: 'succeeded', output: ['http://127.0.0.1:1/o/0.jpg'], completed_at: '2026-11-21T10:15:30Z' },
      }),
    ).toEqual([]);
    expect(
      validateResponse({ method: 'POST', path: '/api/v1/enhance', status: 200, body: { success: true, requestId: 'p', message: 'm' } }),
    ).toEqual([]);
  });

  it('catches drift: a 402 without credits_remaining, a bad uuid, a non-URL output, an ack without an id', () => {
    expect(validateResponse({ method: 'POST', path: '/api/v1/restyle', status: 402, body: { error: 'Insufficient credits' } })).toEqual([
      expect.stringContaining('credits_remaining'),
    ]);
    expect(
      validateResponse({
        method: 'GET',
        path: '/api/v1/me',
        status: 200,
        body: { user_id: 'u1', email: 'a@example.com', subscription: 'pro', credits_remaining: 3 },
      }).join(),
    ).toMatch(/user_id.*uuid/);
    expect(
      validateResponse({ method: 'GET', path: prediction, status: 200, body: { status: 'succeeded', output: ['not a url'] } }).join(),
    ).toMatch(/output\/0.*uri/);
    expect(validateResponse({ method: 'POST', path: '/api/v1/restyle', status: 200, body: { success: true, message: 'm' } })).not.toEqual(
      [],
    );
  });

  it('rejects undocumented statuses, unknown operations and a wrong Content-Type', () => {
    expect(validateResponse({ method: 'GET', path: '/api/v1/me', status: 404, body: { error: 'x' } })).toEqual([
      'status 404 is not documented for GET /api/v1/me',
    ]);
    expect(validateResponse({ method: 'DELETE', path: '/api/v1/me', status: 200, body: {} })).toEqual([
      'DELETE /api/v1/me is not an operation of the spec',
    ]);
    expect(validateResponse({ method: 'GET', path: '/api/v2/me', status: 200, body: {} })).toEqual([
      'GET /api/v2/me matches no path of the spec',
    ]);
    expect(
      validateResponse({
        method: 'GET',
        path: prediction,
        status: 404,
        body: { error: 'Prediction not found' },
        headers: { 'content-type': 'text/plain' },
      }),
    ).toEqual(['Content-Type is text/plain, expected application/json']);
  });
});

describe('validateRequestBody', () => {
  it('applies the request schemas of the spec', () => {
    expect(
      validateRequestBody({ method: 'POST', path: '/api/v1/restyle', body: { image_url: 'https://example.com/a.jpg', style: 'japandi' } }),
    ).toEqual([]);
    expect(
      validateRequestBody({ method: 'POST', path: '/api/v1/restyle', body: { image_url: 'https://example.com/a.jpg' } }).join(),
    ).toMatch(/style/);
    expect(validateRequestBody({ method: 'GET', path: '/api/v1/me', body: {} })).toEqual(['GET /api/v1/me takes no request body']);
  });
});

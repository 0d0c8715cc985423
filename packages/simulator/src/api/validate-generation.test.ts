import { validateRequestBody } from '@room-restyler/test-kit/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateGeneration } from './validate-generation.js';

const url = 'https://example.com/room.jpg';

describe('validateGeneration', () => {
  it.each([
    ['restyle', {}, 'image_url is required'],
    ['enhance', { image_url: '' }, 'image_url is required'],
    ['enhance', { image_url: null }, 'image_url is required'],
    ['restyle', { image_url: 42, style: 'x' }, 'image_url must be a string'],
    ['restyle', { image_url: 'ftp://example.com/a.jpg', style: 'x' }, 'image_url must be an absolute http or https URL'],
    ['restyle', { image_url: 'file:///etc/passwd', style: 'x' }, 'image_url must be an absolute http or https URL'],
    ['restyle', { image_url: '/relative.jpg', style: 'x' }, 'image_url must be an absolute http or https URL'],
    ['restyle', { image_url: url }, 'style is required'],
    ['restyle', { image_url: url, style: ['japandi'] }, 'style must be a string'],
    ['restyle', { image_url: url, style: 'x'.repeat(65) }, 'style must be 1 to 64 characters'],
    ['enhance', { image_url: url, mode: 3 }, 'mode must be a string'],
    ['enhance', { image_url: url, room_type: '' }, 'room_type must be 1 to 64 characters'],
    ['enhance', [url], 'Request body must be a JSON object'],
    ['enhance', 'text', 'Request body must be a JSON object'],
  ] as const)('%s %j → %s', (operation, body, error) => {
    expect(validateGeneration(operation, body)).toEqual({ ok: false, error });
  });

  it('stages on enhance unless mode is restyle, and defaults the enhance style', () => {
    expect(validateGeneration('enhance', { image_url: url })).toEqual({
      ok: true,
      request: { imageUrl: url, style: 'modern', mode: 'staging' },
    });
    expect(validateGeneration('enhance', { image_url: url, mode: 'empty-room', style: 'coastal', room_type: 'bedroom' })).toEqual({
      ok: true,
      request: { imageUrl: url, style: 'coastal', mode: 'staging', roomType: 'bedroom' },
    });
    expect(validateGeneration('enhance', { image_url: url, mode: 'restyle', style: 'rustic' })).toMatchObject({
      ok: true,
      request: { mode: 'restyle' },
    });
    expect(validateGeneration('restyle', { image_url: url, style: 'wabi sabi', extra: true })).toMatchObject({
      ok: true,
      request: { mode: 'restyle', style: 'wabi sabi' },
    });
  });
});

describe('validateGeneration agrees with the spec schemas', () => {
  const text = fc.oneof(fc.constantFrom(undefined, null, '', 'japandi', 'x'.repeat(64), 'x'.repeat(65)), fc.string(), fc.integer());
  const imageUrl = fc.oneof(
    fc.webUrl(),
    fc.string(),
    fc.constantFrom(undefined, null, '', 'http://例え.jp/a.jpg', 'http://a/b c', 'ftp://h/x', 'http://h/%zz'),
  );
  const body = fc.record({ image_url: imageUrl, style: text, mode: text, room_type: text }, { requiredKeys: [] });

  it('never accepts what the spec rejects', () => {
    fc.assert(
      fc.property(fc.constantFrom('enhance', 'restyle') as fc.Arbitrary<'enhance' | 'restyle'>, body, (operation, candidate) => {
        const clean = JSON.parse(JSON.stringify(candidate)) as unknown;
        if (validateGeneration(operation, clean).ok)
          expect(validateRequestBody({ method: 'POST', path: `/api/v1/${operation}`, body: clean })).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });

  it('accepts every http(s) body the spec accepts', () => {
    const webBody = fc.record(
      { image_url: fc.webUrl(), style: fc.string({ minLength: 1, maxLength: 64 }), room_type: fc.string({ minLength: 1, maxLength: 64 }) },
      { requiredKeys: ['image_url', 'style'] },
    );
    fc.assert(
      fc.property(webBody, (candidate) => {
        if (validateRequestBody({ method: 'POST', path: '/api/v1/restyle', body: candidate }).length === 0)
          expect(validateGeneration('restyle', candidate).ok).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});

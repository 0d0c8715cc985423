import { MODE_IDS } from '@room-restyler/core/vocabulary';
import { validateKitRequestBody, validateRequestBody } from '@room-restyler/test-kit/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateBody } from './validate-generation.js';

const url = 'https://example.com/room.jpg';
type Operation = 'enhance' | 'restyle';
const KIT = { kitRules: true };
const DOCUMENTED = { kitRules: false };
/** With the kit's rules, as the kit's own tests run the simulator where they rely on them. */
const validate = (operation: Operation, body: unknown) => validateBody(operation, body, KIT);
const validateDocumented = (operation: Operation, body: unknown) => validateBody(operation, body, DOCUMENTED);

describe('validateBody of enhance and restyle with the kit’s rules', () => {
  it.each([
    ['restyle', {}, 'image_url is required'],
    ['enhance', { image_url: '', mode: 'staging' }, 'image_url is required'],
    ['enhance', { image_url: null, mode: 'staging' }, 'image_url is required'],
    ['restyle', { image_url: 42, style: 'x' }, 'image_url must be a string'],
    ['restyle', { image_url: 'ftp://example.com/a.jpg', style: 'x' }, 'image_url must be an absolute http or https URL'],
    ['restyle', { image_url: 'file:///etc/passwd', style: 'x' }, 'image_url must be an absolute http or https URL'],
    ['restyle', { image_url: '/relative.jpg', style: 'x' }, 'image_url must be an absolute http or https URL'],
    ['restyle', { image_url: `${url}?${'a'.repeat(2048)}`, style: 'x' }, 'image_url must be at most 2048 characters'],
    ['restyle', { image_url: url }, 'style is required'],
    ['restyle', { image_url: url, style: ['japandi'] }, 'style must be a string'],
    ['restyle', { image_url: url, style: 'x'.repeat(65) }, 'style must be 1 to 64 characters'],
    ['restyle', { image_url: url, style: '🛋'.repeat(65) }, 'style must be 1 to 64 characters'],
    ['enhance', { image_url: url }, 'mode is required'],
    ['enhance', { image_url: url, mode: '' }, 'mode is required'],
    ['enhance', { image_url: url, mode: 3 }, 'mode must be a string'],
    ['enhance', { image_url: url, mode: 'stage' }, 'mode must be one of staging, restyle, empty-room'],
    ['enhance', { image_url: url, mode: 'staging', room_type: '' }, 'room_type must be 1 to 64 characters'],
    ['enhance', { image_url: url, mode: 'staging', style: null }, 'style must be a string'],
    ['enhance', { image_url: url, mode: 'staging', outputs: 2 }, 'unknown field outputs'],
    ['restyle', { image_url: url, style: 'wabi sabi', mode: 'restyle' }, 'unknown field mode'],
    ['enhance', [url], 'Request body must be a JSON object'],
    ['enhance', 'text', 'Request body must be a JSON object'],
  ] as const)('%s %j → %s', (operation, body, error) => {
    expect(validate(operation, body)).toEqual({ ok: false, error });
  });

  it('answers the fields of the spec’s request types, as given', () => {
    for (const mode of MODE_IDS)
      expect(validate('enhance', { image_url: url, mode })).toEqual({ ok: true, request: { image_url: url, mode } });
    const body = { image_url: url, mode: 'empty-room', style: 'coastal', room_type: 'bedroom' };
    expect(validate('enhance', body)).toEqual({ ok: true, request: body });
    expect(validate('restyle', { image_url: url, style: '🛋'.repeat(64) })).toEqual({
      ok: true,
      request: { image_url: url, style: '🛋'.repeat(64) },
    });
  });
});

describe('validateBody of enhance and restyle as the service documents them (the default)', () => {
  it.each([
    ['restyle', {}, 'image_url is required'],
    ['enhance', { image_url: '', mode: 'staging' }, 'image_url is required'],
    ['restyle', { image_url: 42, style: 'x' }, 'image_url must be a string'],
    ['restyle', { image_url: '/relative.jpg', style: 'x' }, 'image_url must be an absolute URI'],
    ['restyle', { image_url: 'http://a/b c', style: 'x' }, 'image_url must be an absolute URI'],
    ['restyle', { image_url: url }, 'style is required'],
    ['restyle', { image_url: url, style: ['japandi'] }, 'style must be a string'],
    ['enhance', { image_url: url }, 'mode is required'],
    ['enhance', { image_url: url, mode: 'stage' }, 'mode must be one of staging, restyle, empty-room'],
    ['enhance', [url], 'Request body must be a JSON object'],
  ] as const)('%s %j → %s', (operation, body, error) => {
    expect(validateDocumented(operation, body)).toEqual({ ok: false, error });
  });

  it.each([
    ['an image_url of 3000 characters', 'restyle', { image_url: `${url}?${'a'.repeat(3000)}`, style: 'x' }],
    ['a URI that is no http(s) URL', 'restyle', { image_url: 'ftp://example.com/a.jpg', style: 'x' }],
    ['a style of 70 characters', 'restyle', { image_url: url, style: 'x'.repeat(70) }],
    ['an empty optional room_type', 'enhance', { image_url: url, mode: 'staging', room_type: '' }],
  ] as const)('accepts %s, which only the kit refuses', (_, operation, body) => {
    expect(validateDocumented(operation, body)).toEqual({ ok: true, request: body });
    expect(validate(operation, body).ok).toBe(false);
  });

  it('drops a field the service does not document, which the kit refuses', () => {
    const body = { image_url: url, mode: 'staging', outputs: 2 };
    expect(validateDocumented('enhance', body)).toEqual({ ok: true, request: { image_url: url, mode: 'staging' } });
    expect(validate('enhance', body)).toEqual({ ok: false, error: 'unknown field outputs' });
  });
});

describe('the simulator’s validation agrees with the spec schemas', () => {
  const text = fc.oneof(
    fc.constantFrom(undefined, null, '', 'japandi', 'x'.repeat(64), 'x'.repeat(65), '🛋'.repeat(64), '🛋'.repeat(65), ...MODE_IDS),
    fc.string(),
    fc.integer(),
  );
  const imageUrl = fc.oneof(
    fc.webUrl(),
    fc.string(),
    fc.constantFrom(undefined, null, '', 'http://例え.jp/a.jpg', 'http://a/b c', 'ftp://h/x', 'http://h/%zz', `${url}?${'a'.repeat(2048)}`),
  );
  const body = fc.record(
    { image_url: imageUrl, style: text, mode: text, room_type: text, extra: fc.constantFrom(undefined, 1) },
    { requiredKeys: [] },
  );
  const operation = fc.constantFrom<Operation>('enhance', 'restyle');

  it('never accepts what the kit’s spec rejects, with the kit’s rules', () => {
    fc.assert(
      fc.property(operation, body, (name, candidate) => {
        const clean = JSON.parse(JSON.stringify(candidate)) as unknown;
        if (validate(name, clean).ok) expect(validateKitRequestBody({ method: 'POST', path: `/api/v1/${name}`, body: clean })).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });

  it('accepts every http(s) body the kit’s spec accepts, with the kit’s rules', () => {
    const field = fc.string({ minLength: 1, maxLength: 64, unit: 'grapheme' });
    const webBody = fc.record(
      { image_url: fc.webUrl(), mode: fc.constantFrom(...MODE_IDS), style: field, room_type: field },
      { requiredKeys: ['image_url'] },
    );
    fc.assert(
      fc.property(operation, webBody, (name, candidate) => {
        if (validateKitRequestBody({ method: 'POST', path: `/api/v1/${name}`, body: candidate }).length === 0)
          expect(validate(name, candidate).ok).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('by default, never keeps a request the service’s spec rejects', () => {
    fc.assert(
      fc.property(operation, body, (name, candidate) => {
        const checked = validateDocumented(name, JSON.parse(JSON.stringify(candidate)) as unknown);
        if (checked.ok) expect(validateRequestBody({ method: 'POST', path: `/api/v1/${name}`, body: checked.request })).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });

  it('by default, accepts every body the service’s spec accepts (a required field is never empty)', () => {
    const field = fc.string({ minLength: 1, maxLength: 200, unit: 'grapheme' });
    const anyBody = fc.record(
      { image_url: fc.oneof(fc.webUrl(), imageUrl), mode: fc.constantFrom(...MODE_IDS), style: field, room_type: fc.string() },
      { requiredKeys: ['image_url'] },
    );
    fc.assert(
      fc.property(operation, anyBody, (name, candidate) => {
        if (validateRequestBody({ method: 'POST', path: `/api/v1/${name}`, body: candidate }).length === 0)
          expect(validateDocumented(name, candidate).ok).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});

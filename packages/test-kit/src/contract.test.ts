import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { createContractValidator, specAt, validateKitRequestBody, validateRequestBody, validateResponse } from './contract.js';

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
        body: { status: 'succeeded', output: ['http://127.0.0.1:1/o/0.jpg'], completed_at: '2026-11-21T10:15:30Z' },
      }),
    ).toEqual([]);
    expect(
      validateResponse({ method: 'POST', path: '/api/v1/enhance', status: 200, body: { success: true, request_id: 'p', message: 'm' } }),
    ).toEqual([]);
    expect(
      validateResponse({
        method: 'GET',
        path: '/api/v1/predictions?limit=5',
        status: 200,
        body: {
          predictions: [
            { prediction_id: 'p', status: 'processing', output: null, error: null, created_at: '2026-11-21T10:15:00Z', completed_at: null },
          ],
          count: 1,
        },
      }),
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

describe('properties the spec does not list', () => {
  const unlisted = (name: string) => expect.stringContaining(`must NOT have unevaluated properties {"unevaluatedProperty":"${name}"}`);

  it('are refused in every body, nested ones included', () => {
    expect(validateResponse({ method: 'GET', path: prediction, status: 200, body: { id: 'p', status: 'processing' } })).toEqual([
      unlisted('id'),
    ]);
    expect(
      validateResponse({ method: 'POST', path: '/api/v1/enhance', status: 200, body: { success: true, requestId: 'p', message: 'm' } }),
    ).toContainEqual(unlisted('requestId'));
    expect(validateResponse({ method: 'GET', path: '/api/v1/me', status: 401, body: { error: 'Invalid API key', hint: 'x' } })).toEqual([
      unlisted('hint'),
    ]);
    expect(
      validateResponse({
        method: 'GET',
        path: '/api/v1/predictions',
        status: 200,
        body: { predictions: [{ prediction_id: 'p', status: 'starting', created_at: '2026-11-21T10:15:00Z', id: 'p' }], count: 1 },
      }).join(),
    ).toMatch(/\/predictions\/0 must NOT have unevaluated properties \{"unevaluatedProperty":"id"\}/);
    expect(
      validateRequestBody({ method: 'POST', path: '/api/v1/restyle', body: { image_url: 'https://e.com/a.jpg', style: 's', x: 1 } }),
    ).not.toEqual([]);
  });

  it('fail a body that still uses a field the spec renamed', () => {
    const renamed = specWith((spec) => {
      const properties = spec.components.schemas.Prediction.properties;
      properties.outputs = properties.output;
      delete properties.output;
    });
    const done = { status: 'succeeded', output: ['https://e.com/1.jpg'], completed_at: '2026-11-21T10:15:30Z' };
    expect(validateResponse({ method: 'GET', path: prediction, status: 200, body: done })).toEqual([]);
    expect(renamed.validateResponse({ method: 'GET', path: prediction, status: 200, body: done })).toEqual([unlisted('output')]);
  });

  it('are still allowed where a composition lists them, and where the spec leaves an object open', () => {
    const composed = specWith((spec) => {
      const schemas = spec.components.schemas;
      schemas.InsufficientCreditsError = {
        allOf: [
          { $ref: '#/components/schemas/Error' },
          { type: 'object', required: ['credits_remaining'], properties: { credits_remaining: { type: 'integer' } } },
        ],
      };
      schemas.Account = {
        anyOf: [
          { type: 'object', required: ['user_id'], properties: { user_id: { type: 'string' } } },
          { type: 'object', required: ['email'], properties: { email: { type: 'string' } } },
        ],
      };
    });
    const insufficient = (body: object) => composed.validateResponse({ method: 'POST', path: '/api/v1/restyle', status: 402, body });
    const me = (body: object) => composed.validateResponse({ method: 'GET', path: '/api/v1/me', status: 200, body });
    expect(insufficient({ error: 'Insufficient credits', credits_remaining: 0 })).toEqual([]);
    expect(insufficient({ error: 'Insufficient credits', credits_remaining: 0, extra: 1 })).toEqual([unlisted('extra')]);
    expect(me({ user_id: 'u', email: 'e' })).toEqual([]);
    expect(me({ user_id: 'u', credits: 1 })).toEqual([unlisted('credits')]);

    const open = specWith((spec) => {
      spec.components.schemas.Error.additionalProperties = { type: 'string' };
    });
    const unauthorized = (body: object) => open.validateResponse({ method: 'GET', path: '/api/v1/me', status: 401, body });
    expect(unauthorized({ error: 'Invalid API key', hint: 'a string' })).toEqual([]);
    expect(unauthorized({ error: 'Invalid API key', hint: 1 }).join()).toMatch(/hint must be string/);
  });
});

describe('specAt', () => {
  it('reads a value of the spec at a JSON pointer, escaped segments included', () => {
    expect(specAt('/paths/~1api~1v1~1predictions/get/parameters/0/schema/default')).toBe(20);
    expect(specAt('/components/schemas/Nothing')).toBeUndefined();
  });

  it('reads the proxy’s spec, where the kit’s own bounds are, when asked', () => {
    expect(specAt('/components/schemas/StyleInput/maxLength', 'proxy-api')).toBe(64);
    expect(specAt('/components/schemas/Style/maxLength')).toBeUndefined();
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

  it('applies only what the service documents: no bound on style, any URI', () => {
    const restyle = (body: object) => validateRequestBody({ method: 'POST', path: '/api/v1/restyle', body });
    expect(restyle({ image_url: 'https://example.com/a.jpg', style: 'x'.repeat(70) })).toEqual([]);
    expect(restyle({ image_url: `https://example.com/${'x'.repeat(3000)}`, style: 's' })).toEqual([]);
    expect(restyle({ image_url: 'ftp://example.com/a.jpg', style: 's' })).toEqual([]);
    expect(restyle({ image_url: 'not a uri', style: 's' }).join()).toMatch(/image_url must match format "uri"/);
  });
});

describe('validateKitRequestBody', () => {
  it('applies the kit’s own rules on top: http(s) URLs of at most 2048 characters, no other field', () => {
    const restyle = (body: object) => validateKitRequestBody({ method: 'POST', path: '/api/v1/restyle', body });
    expect(restyle({ image_url: 'https://example.com/a.jpg', style: 'japandi' })).toEqual([]);
    expect(restyle({ image_url: 'ftp://example.com/a.jpg', style: 's' }).join()).toMatch(/image_url must match pattern/);
    expect(restyle({ image_url: `https://example.com/${'x'.repeat(3000)}`, style: 's' }).join()).toMatch(
      /image_url must NOT have more than 2048 characters/,
    );
    expect(restyle({ image_url: 'https://example.com/a.jpg', style: 's', x: 1 }).join()).toMatch(/must NOT have additional properties/);
    // Mode comes from the service's spec, through the proxy spec's reference into it.
    const enhance = (mode: string) =>
      validateKitRequestBody({ method: 'POST', path: '/api/v1/enhance', body: { image_url: 'https://example.com/a.jpg', mode } });
    expect(enhance('staging')).toEqual([]);
    expect(enhance('stage').join()).toMatch(/mode must be equal to one of the allowed values/);
  });

  it('counts lengths in code points, as JSON Schema does: 64 emoji are a valid style, 65 are not', () => {
    const restyle = (style: string) =>
      validateKitRequestBody({ method: 'POST', path: '/api/v1/restyle', body: { image_url: 'https://example.com/a.jpg', style } });
    expect('🛋'.repeat(64)).toHaveLength(128);
    expect(restyle('🛋'.repeat(64))).toEqual([]);
    expect(restyle('🛋'.repeat(65)).join()).toMatch(/\/style must NOT have more than 64 characters/);
  });
});

/** A validator of a changed copy of the repository's spec, as if someone had edited it. */
function specWith(change: (spec: SpecShape) => void) {
  const spec = parse(readFileSync(new URL('../../../openapi/room-api.yaml', import.meta.url), 'utf8')) as SpecShape;
  change(spec);
  const path = join(mkdtempSync(join(tmpdir(), 'room-api-')), 'room-api.yaml');
  writeFileSync(path, stringify(spec));
  return createContractValidator({ specPath: path });
}

// biome-ignore lint/suspicious/noExplicitAny: a test edits the parsed YAML freely.
type SpecShape = any;

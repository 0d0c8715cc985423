import { validateKitRequestBody, validateRequestBody } from '@room-restyler/test-kit/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isHttpUrl, isUri } from './uri.js';

const values = [
  'https://example.com/room.jpg',
  'HTTP://EXAMPLE.COM/A.JPG',
  'http://[::1]:8787/a',
  'ftp://example.com/a.jpg',
  'mailto:someone@example.com',
  'urn:isbn:0451450523',
  'file:///etc/passwd',
  'a:',
  'a:?x',
  'a:#x',
  'a:/?x',
  'a:b[1]',
  'https://example.com/a#b#c',
  '1a:b',
  '/relative.jpg',
  'example.com/room.jpg',
  'http://a/b c',
  'http://h/%zz',
  'http://例え.jp/a.jpg',
  '',
];
/** What the service's spec (format: uri) and the kit's spec (http(s), at most 2048 characters) say of an image_url. */
const service = (image_url: string) => validateRequestBody({ method: 'POST', path: '/api/v1/restyle', body: { image_url, style: 's' } });
const kit = (image_url: string) => validateKitRequestBody({ method: 'POST', path: '/api/v1/restyle', body: { image_url, style: 's' } });

// Property runs validate hundreds of bodies with ajv: generous timeouts, so a busy machine does not fail them.
describe('isUri reads image_url as the service’s spec does (format: uri)', () => {
  it.each(values)('%s', (value) => {
    expect(isUri(value)).toBe(service(value).length === 0);
  });

  it('never accepts text the spec refuses', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^[a-z][a-z0-9+.-]{0,4}:[\x21-\x7e]{0,12}$/)), (value) => {
        if (isUri(value)) expect(service(value)).toEqual([]);
      }),
      { numRuns: 500 },
    );
  }, 60_000);

  it('accepts every web URL the spec accepts', () => {
    // (Stricter than ajv's reading only where a URL parser refuses it too: `foo://h:1x/`, a port that is no number.)
    fc.assert(
      fc.property(fc.webUrl(), (value) => {
        expect(isUri(value)).toBe(service(value).length === 0);
      }),
      { numRuns: 200 },
    );
  }, 60_000);
});

describe('isHttpUrl is the kit’s stricter rule', () => {
  it.each(values)('%s', (value) => {
    expect(isHttpUrl(value)).toBe(kit(value).length === 0);
  });
});

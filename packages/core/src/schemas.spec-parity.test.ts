/**
 * What the types cannot carry (formats, patterns, lengths), held equal at run time: the zod schemas
 * accept a body exactly when the kit's spec (openapi/proxy-api.yaml's EnhanceInput and RestyleInput,
 * through the test kit's validator) accepts it.
 */
import { validateKitRequestBody, validateRequestBody } from '@room-restyler/test-kit/contract';
import { describe, expect, it } from 'vitest';
import { checkInput, restyleInputSchema } from './schemas.js';

const urls = [
  'https://example.com/room.jpg',
  'http://127.0.0.1:8787/api/v1/uploads/abc',
  'http://[::1]:8787/api/v1/uploads/abc',
  'https://example.com/a?b=[1]',
  'HTTPS://EXAMPLE.COM/A.JPG',
  'https://example.com/a%20b.jpg?x=1&y=[2]#top',
  'http://a/b c',
  'http://例え.jp/a.jpg',
  'http://h/%zz',
  'ftp://example.com/a.jpg',
  'mailto:someone@example.com',
  'example.com/room.jpg',
  `https://example.com/${'x'.repeat(2030)}`,
  `https://example.com/${'x'.repeat(2040)}`,
  `https://example.com/${'x'.repeat(2028)}`,
  `https://example.com/${'x'.repeat(2029)}`,
  'http://user@[::1]/a.jpg',
  'http://h/a.jpg?from=a://[::1]',
  'http://h/%2x.jpg',
  'http://h/%2F.jpg',
];
const styles = ['coastal', 'Art Deco (1920s)', '', ' ', 'x', 'x'.repeat(64), 'x'.repeat(65), '🛋'.repeat(64), '🛋'.repeat(65)];

describe('the schemas accept exactly what the kit’s spec accepts', () => {
  it.each(urls)('image_url %s', (image_url) => {
    const body = { image_url, style: 'coastal' };
    expect(checkInput(restyleInputSchema, body).ok).toBe(
      validateKitRequestBody({ method: 'POST', path: '/api/v1/restyle', body }).length === 0,
    );
  });

  it.each(styles)('style "%s"', (style) => {
    const body = { image_url: 'https://example.com/room.jpg', style };
    // zod trims first; the spec sees what the kit sends, the trimmed value.
    const sent = checkInput(restyleInputSchema, body);
    const specOk = validateKitRequestBody({ method: 'POST', path: '/api/v1/restyle', body: { ...body, style: style.trim() } }).length === 0;
    expect(sent.ok).toBe(specOk);
  });
});

describe('what the kit accepts, the service’s spec accepts', () => {
  it.each([...urls.map((image_url) => ({ image_url, style: 'coastal' })), ...styles.map((style) => ({ image_url: urls[0], style }))])(
    '%j',
    (body) => {
      const sent = checkInput(restyleInputSchema, body);
      if (sent.ok) expect(validateRequestBody({ method: 'POST', path: '/api/v1/restyle', body: sent.value })).toEqual([]);
    },
  );
});

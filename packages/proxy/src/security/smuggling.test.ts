/** Nothing of the client's request reaches the service but the validated body and allowlisted headers. */
import { TEST_API_KEY } from '@room-restyler/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, IMAGE_URL, startHarness } from '../../test/support/harness.js';
import { rawRequest } from '../../test/support/raw-http.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

describe('header smuggling', () => {
  it('forwards none of the client Authorization, Cookie, Host, X-Forwarded-* or framing headers', async () => {
    const visitor = h.visitor({
      authorization: 'Bearer attacker_key',
      'x-forwarded-for': '1.2.3.4',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
      'x-original-url': '/api/v1/me',
      'x-http-method-override': 'DELETE',
      forwarded: 'for=1.2.3.4;host=evil.example',
      'accept-language': 'de-CH',
    });
    const ack = await visitor.restyle();
    expect(ack.status).toBe(200);
    const call = h.upstream.requests.at(-1);
    expect(call?.path).toBe('/api/v1/restyle');
    expect(call?.headers.get('authorization')).toBe(`Bearer ${TEST_API_KEY}`);
    for (const name of [
      'cookie',
      'x-forwarded-for',
      'x-forwarded-host',
      'x-forwarded-proto',
      'x-original-url',
      'x-http-method-override',
      'forwarded',
      'origin',
      'referer',
    ]) {
      expect(call?.headers.get(name), name).toBeNull();
    }
    expect(call?.headers.get('accept-language')).toBe('de-CH');
  });

  it('refuses conflicting Transfer-Encoding and Content-Length before the proxy runs', async () => {
    const before = h.upstream.requests.length;
    const body = JSON.stringify({ image_url: IMAGE_URL, style: 'modern' });
    const response = await rawRequest(
      h.url,
      `POST /api/v1/restyle HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\nGET /api/v1/me HTTP/1.1\r\nHost: x\r\n\r\n`,
    );
    expect(response.status).toBe(400);
    expect(h.upstream.requests.length).toBe(before);
  });

  it('never lets a smuggled second request reach /api/v1/me', async () => {
    const body = JSON.stringify({ image_url: IMAGE_URL, style: 'modern' });
    await rawRequest(
      h.url,
      `POST /api/v1/restyle HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: identity\r\n\r\n${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\nGET /api/v1/me HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    );
    expect(h.upstream.count('/api/v1/me')).toBe(0);
  });
});

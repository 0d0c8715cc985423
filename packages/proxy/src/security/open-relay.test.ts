/** Deny by default: the proxy is no relay to anywhere but three operations of the service. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../test/support/harness.js';
import { get, rawRequest } from '../../test/support/raw-http.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

describe('open-relay attempts', () => {
  it.each<[string, string | (() => string)]>([
    ['an absolute-URL target', get('http://evil.example/api/v1/prediction/x')],
    // The service's origin is known once the fake runs.
    ['an absolute target to the service itself', () => get(`${h.upstream.url}/api/v1/me`)],
    ['a protocol-relative path', get('//evil.example/api/v1/enhance')],
    ['an encoded slash', get('/api/v1/prediction/abc%2F..%2F..%2Fme')],
    ['an encoded dot segment', get('/api/v1/prediction/%2e%2e/me')],
    ['a dot-dot traversal', get('/api/v1/prediction/../me')],
    ['a backslash', get('/api/v1/prediction/..\\me')],
    ['/api/v1/me', get('/api/v1/me')],
    ['another service path', get('/api/v2/prediction/x')],
    ['the asterisk target', 'OPTIONS * HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n'],
  ])('refuses %s with a JSON 404 and no upstream call', async (_, text) => {
    const before = h.upstream.requests.length;
    const response = await rawRequest(h.url, typeof text === 'function' ? text() : text);
    expect(response.status).toBe(404);
    expect(JSON.parse(response.body)).toMatchObject({ code: 'not_found' });
    expect(h.upstream.requests.length).toBe(before);
  });

  it('never makes /api/v1/me public, whatever the method', async () => {
    const visitor = h.visitor();
    for (const method of ['GET', 'POST', 'HEAD']) {
      const response = await visitor.request('/api/v1/me', { method });
      expect(response.status).toBe(404);
    }
    expect(h.upstream.count('/api/v1/me')).toBe(0);
  });

  it('answers other methods on known paths with a JSON 405 and Allow', async () => {
    const visitor = h.visitor();
    for (const method of ['PUT', 'DELETE', 'PATCH']) {
      const response = await visitor.request('/api/v1/restyle', { method, body: '{}' });
      expect(response.status).toBe(405);
      expect(response.json).toMatchObject({ code: 'method_not_allowed' });
      expect(response.headers.get('allow')).toBe('POST');
    }
    const get = await visitor.request('/api/v1/enhance');
    expect(get.status).toBe(405);
    expect(h.upstream.requests.length).toBe(0);
  });

  // Found by the whole-kit fuzzer: `new Request()` throws on TRACE, which used to crash the server.
  it('answers TRACE, which fetch cannot represent, with a JSON 405 and keeps serving', async () => {
    const response = await rawRequest(h.url, 'TRACE /api/v1/restyle HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    expect(response.status).toBe(405);
    expect(JSON.parse(response.body)).toMatchObject({ code: 'method_not_allowed' });
    expect((await rawRequest(h.url, get('/healthz'))).status).toBe(200);
  });
});
